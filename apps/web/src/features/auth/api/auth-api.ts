import type {
  ApiSuccess,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginData,
  LoginRequest,
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
} = authApi;
