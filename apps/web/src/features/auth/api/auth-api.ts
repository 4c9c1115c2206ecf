import type {
  ApiSuccess,
  ForgotPasswordRequest,
  LanguageRequest,
  LoginAnswer,
  LoginData,
  LoginRequest,
  NumberGroupingRequest,
  OtpResendRequest,
  OtpValidateData,
  OtpValidateRequest,
  PasskeyLoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SecondFactorLoginRequest,
  UserProfile,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** The auth calls of spec section 7, decision D12's password reset and the second factor. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<ApiSuccess<LoginAnswer>, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    secondFactorLogin: build.mutation<ApiSuccess<LoginData>, SecondFactorLoginRequest>({
      query: (body) => ({ url: '/auth/login/second-factor', method: 'POST', body }),
    }),
    passkeyLoginOptions: build.mutation<ApiSuccess<Record<string, unknown>>, undefined>({
      query: () => ({ url: '/auth/passkey/options', method: 'POST' }),
    }),
    passkeyLogin: build.mutation<ApiSuccess<LoginData>, PasskeyLoginRequest>({
      query: (body) => ({ url: '/auth/passkey/login', method: 'POST', body }),
    }),
    register: build.mutation<ApiSuccess<null>, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    validateOtp: build.mutation<ApiSuccess<OtpValidateData>, OtpValidateRequest>({
      query: (body) => ({ url: '/auth/otp/validate', method: 'POST', body }),
    }),
    resendOtp: build.mutation<ApiSuccess<null>, OtpResendRequest>({
      query: (body) => ({ url: '/auth/otp/resend', method: 'POST', body }),
      invalidatesTags: ['SMSLog'],
    }),
    forgotPassword: build.mutation<ApiSuccess<null>, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/password/forgot', method: 'POST', body }),
      invalidatesTags: ['SMSLog'],
    }),
    resetPassword: build.mutation<ApiSuccess<null>, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/password/reset', method: 'POST', body }),
    }),
    logout: build.mutation<ApiSuccess<null>, undefined>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    getProfile: build.query<UserProfile, undefined>({
      query: () => '/users',
      transformResponse: (body: ApiSuccess<UserProfile>) => body.data,
      providesTags: ['User'],
    }),
    setLanguage: build.mutation<UserProfile, LanguageRequest>({
      query: (body) => ({ url: '/users/language', method: 'PUT', body }),
      transformResponse: (body: ApiSuccess<UserProfile>) => body.data,
      // The profile answered is the one to show: no refetch.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(authApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    setNumberGrouping: build.mutation<UserProfile, NumberGroupingRequest>({
      query: (body) => ({ url: '/users/number-grouping', method: 'PUT', body }),
      transformResponse: (body: ApiSuccess<UserProfile>) => body.data,
      // At once: the screens re-render with the new grouping and must not read the old one back.
      async onQueryStarted({ number_grouping }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          authApi.util.updateQueryData('getProfile', undefined, (draft) => {
            draft.number_grouping = number_grouping;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getProfile', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useSecondFactorLoginMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
  useRegisterMutation,
  useValidateOtpMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useSetLanguageMutation,
  useSetNumberGroupingMutation,
} = authApi;
