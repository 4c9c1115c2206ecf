import type { ApiSuccess, StoredFile, VerificationRequest } from '@exchange/contracts';
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
    requestVerification: build.mutation<ApiSuccess<unknown>, VerificationRequest>({
      query: (body) => ({ url: '/users/verification/request', method: 'POST', body }),
      // The profile's verification_request_status changes to pending_identity.
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUploadFilesMutation, useRequestVerificationMutation } = kycApi;
