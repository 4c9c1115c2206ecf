import type { ApiSuccess, StoredFile } from '@exchange/contracts';
import { api } from './api-client';

/** Images uploaded for a review: identity documents, a bank account's proof. */
const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadFiles: build.mutation<ApiSuccess<{ files: StoredFile[] }>, File[]>({
      query: (files) => {
        const body = new FormData();
        for (const file of files) body.append('files', file);
        return { url: '/files/upload/multiple', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadFilesMutation } = filesApi;
