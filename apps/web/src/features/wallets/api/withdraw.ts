import type { ApiSuccess, WithdrawalRecordDto, WithdrawRequest } from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { keyedPost, RETRY_UNANSWERED, type Keyed } from '@/lib/idempotency';

type WithdrawData = WithdrawalRecordDto & { message: string };

/**
 * POST /wallets/withdraw; spec section 4: both histories and the wallets refresh after it. Named
 * by its submission's key: an unanswered call is retried and withdraws once.
 */
export const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdraw: build.mutation<ApiSuccess<WithdrawData>, Keyed<WithdrawRequest>>({
      query: (arg) => keyedPost('/wallets/withdraw', arg),
      extraOptions: RETRY_UNANSWERED,
      invalidatesTags: ['Wallets', 'DepositHistory', 'WithdrawHistory', 'WithdrawLimits'],
    }),
  }),
});

export const { useWithdrawMutation } = withdrawApi;
