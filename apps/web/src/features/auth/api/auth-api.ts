import type {
  ApiSuccess,
  ForgotPasswordRequest,
  LoginData,
  LoginRequest,
  OtpResendRequest,
  OtpValidateData,
  OtpValidateRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UserProfile,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** The auth calls of spec section 7 plus decision D12's password reset. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<ApiSuccess<LoginData>, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
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
  useRegisterMutation,
  useValidateOtpMutation,
  useResendOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetProfileQuery,
} = authApi;
