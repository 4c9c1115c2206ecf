import type {
  AadhaarCheck,
  ApiSuccess,
  StoredFile,
  VerificationRequest,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

interface UploadData {
  files: StoredFile[];
}

/** The identity calls of spec section 7: image upload, then the verification request. */
export const kycApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadFiles: build.mutation<ApiSuccess<UploadData>, File[]>({
      query: (files) => {
        const body = new FormData();
        for (const file of files) body.append('files', file);
        return { url: '/files/upload/multiple', method: 'POST', body };
      },
    }),
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

export const { useCheckAadhaarMutation, useUploadFilesMutation, useRequestVerificationMutation } =
  kycApi;
