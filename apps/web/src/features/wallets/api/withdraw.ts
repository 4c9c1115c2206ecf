import type { ApiSuccess, WithdrawalRecordDto, WithdrawRequest } from '@exchange/contracts';
import { api } from '@/lib/api-client';

type WithdrawData = WithdrawalRecordDto & { message: string };

/** POST /wallets/withdraw; spec section 4: both histories and the wallets refresh after it. */
export const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdraw: build.mutation<ApiSuccess<WithdrawData>, WithdrawRequest>({
      query: (body) => ({ url: '/wallets/withdraw', method: 'POST', body }),
      invalidatesTags: ['Wallets', 'DepositHistory', 'WithdrawHistory'],
    }),
  }),
});

export const { useWithdrawMutation } = withdrawApi;
