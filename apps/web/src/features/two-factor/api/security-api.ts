import type {
  ApiSuccess,
  ChangePasswordRequest,
  Passkey,
  PasskeyRegisterRequest,
  RecoveryCodesData,
  SecurityStatus,
  StepUp,
  TotpCodeRequest,
  TotpSetupData,
  UserProfile,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** The Security page's second factors: the authenticator app, recovery codes and passkeys. */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSecurity: build.query<SecurityStatus, undefined>({
      query: () => '/security',
      transformResponse: (body: ApiSuccess<SecurityStatus>) => body.data,
      providesTags: ['Security'],
    }),
    startTotpSetup: build.mutation<ApiSuccess<TotpSetupData>, StepUp>({
      query: (body) => ({ url: '/security/totp/setup', method: 'POST', body }),
    }),
    enableTotp: build.mutation<ApiSuccess<RecoveryCodesData>, TotpCodeRequest>({
      query: (body) => ({ url: '/security/totp/enable', method: 'POST', body }),
      // The profile says whether withdrawals ask for a code.
      invalidatesTags: ['Security', 'User'],
    }),
    changePassword: build.mutation<ApiSuccess<null>, ChangePasswordRequest>({
      query: (body) => ({ url: '/security/password', method: 'POST', body }),
      // The profile says until when withdrawals are held.
      invalidatesTags: ['User'],
    }),
    disableTotp: build.mutation<ApiSuccess<null>, TotpCodeRequest>({
      query: (body) => ({ url: '/security/totp/disable', method: 'POST', body }),
      invalidatesTags: ['Security', 'User'],
    }),
    renewRecoveryCodes: build.mutation<ApiSuccess<RecoveryCodesData>, TotpCodeRequest>({
      query: (body) => ({ url: '/security/recovery-codes', method: 'POST', body }),
      // The profile says until when withdrawals are held after the change.
      invalidatesTags: ['Security', 'User'],
    }),
    passkeyOptions: build.mutation<ApiSuccess<Record<string, unknown>>, undefined>({
      query: () => ({ url: '/security/passkeys/options', method: 'POST' }),
    }),
    registerPasskey: build.mutation<ApiSuccess<Passkey>, PasskeyRegisterRequest>({
      query: (body) => ({ url: '/security/passkeys', method: 'POST', body }),
      // The profile says whether withdrawals ask for a passkey.
      invalidatesTags: ['Security', 'User'],
    }),
    removePasskey: build.mutation<ApiSuccess<null>, StepUp & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/security/passkeys/${encodeURIComponent(id)}/remove`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Security', 'User'],
    }),
    confirmPasskey: build.mutation<ApiSuccess<Passkey>, StepUp & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/security/passkeys/${encodeURIComponent(id)}/confirm`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Security', 'User'],
    }),
    /** The anti-phishing code from the profile (null: none set). */
    getAntiPhishingCode: build.query<string | null, undefined>({
      query: () => '/users',
      transformResponse: (body: ApiSuccess<UserProfile>) => body.data.anti_phishing_code,
      providesTags: ['User'],
    }),
    setAntiPhishingCode: build.mutation<
      ApiSuccess<{ anti_phishing_code: string | null }>,
      StepUp & { code: string }
    >({
      query: (body) => ({ url: '/security/anti-phishing', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetSecurityQuery,
  useStartTotpSetupMutation,
  useEnableTotpMutation,
  useDisableTotpMutation,
  useChangePasswordMutation,
  useRenewRecoveryCodesMutation,
  usePasskeyOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
  useConfirmPasskeyMutation,
  useGetAntiPhishingCodeQuery,
  useSetAntiPhishingCodeMutation,
} = securityApi;
