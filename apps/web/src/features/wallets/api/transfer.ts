import type { ApiSuccess, TransferRequest } from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { keyedPost, RETRY_UNANSWERED, type Keyed } from '@/lib/idempotency';

/**
 * POST /wallets/transfer: between the user's own spot and funding wallets; named by its
 * submission's key, so an unanswered call is retried and moves the money once.
 */
export const transferApi = api.injectEndpoints({
  endpoints: (build) => ({
    transfer: build.mutation<ApiSuccess<null>, Keyed<TransferRequest>>({
      query: (arg) => keyedPost('/wallets/transfer', arg),
      extraOptions: RETRY_UNANSWERED,
      invalidatesTags: ['Wallets'],
    }),
  }),
});

export const { useTransferMutation } = transferApi;
