import type { ApiSuccess, WithdrawalPause } from '@exchange/contracts';
import { api } from './api-client';

/** Whether an admin paused the user's withdrawals (the withdraw dialogs say so, neutrally). */
const withdrawalPauseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawalPause: build.query<WithdrawalPause, undefined>({
      query: () => '/withdrawal-pause',
      transformResponse: (body: ApiSuccess<WithdrawalPause>) => body.data,
      providesTags: ['WithdrawLimits'],
    }),
  }),
});

export const { useGetWithdrawalPauseQuery } = withdrawalPauseApi;
