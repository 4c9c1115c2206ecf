import type {
  ApiKeyDto,
  ApiSuccess,
  CreateApiKeyRequest,
  CreatedApiKeyDto,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** The profile's API keys: list, create (the answer shows the secret once), revoke. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeyDto[], undefined>({
      query: () => '/api-keys',
      transformResponse: (response: ApiSuccess<ApiKeyDto[]>) => response.data,
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<ApiSuccess<CreatedApiKeyDto>, CreateApiKeyRequest>({
      query: (body) => ({ url: '/api-keys', method: 'POST', body }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<ApiSuccess<ApiKeyDto>, string>({
      query: (id) => ({ url: `/api-keys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
