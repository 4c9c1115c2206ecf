import type { ApiSuccess, TransferRequest } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** POST /wallets/transfer: between the user's own spot and funding wallets. */
export const transferApi = api.injectEndpoints({
  endpoints: (build) => ({
    transfer: build.mutation<ApiSuccess<null>, TransferRequest>({
      query: (body) => ({ url: '/wallets/transfer', method: 'POST', body }),
      invalidatesTags: ['Wallets'],
    }),
  }),
});

export const { useTransferMutation } = transferApi;
