import type { AadhaarCheck, ApiSuccess, VerificationRequest } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/**
 * The identity calls of spec section 7 besides the image upload (`lib/files-api.ts`): the
 * Aadhaar check, then the verification request.
 */
export const kycApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Step 1: refused (409) when the number cannot be used, before its images go up (D10). */
    checkAadhaar: build.mutation<ApiSuccess<null>, AadhaarCheck>({
      query: (body) => ({ url: '/users/verification/aadhaar', method: 'POST', body }),
    }),
    requestVerification: build.mutation<ApiSuccess<unknown>, VerificationRequest>({
      query: (body) => ({ url: '/users/verification/request', method: 'POST', body }),
      // The profile's verification_request_status changes to pending_identity.
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useCheckAadhaarMutation, useRequestVerificationMutation } = kycApi;
