import type { ApiSuccess, DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface HistoryArgs {
  page: number;
  page_size: number;
  filters: Record<string, string>;
}

export interface HistoryPage<T> {
  data: T[];
  total: number;
}

const toPage = <T>(body: ApiSuccess<T[]>): HistoryPage<T> => ({
  data: body.data,
  total: body.total ?? body.data.length,
});

const params = ({ page, page_size, filters }: HistoryArgs) => ({ page, page_size, ...filters });

/** GET /wallets/deposit/history and /wallets/withdraw/history, newest first, paged. */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDepositHistory: build.query<HistoryPage<DepositRecordDto>, HistoryArgs>({
      query: (args) => ({ url: '/wallets/deposit/history', params: params(args) }),
      transformResponse: toPage<DepositRecordDto>,
      providesTags: ['DepositHistory'],
    }),
    getWithdrawHistory: build.query<HistoryPage<WithdrawalRecordDto>, HistoryArgs>({
      query: (args) => ({ url: '/wallets/withdraw/history', params: params(args) }),
      transformResponse: toPage<WithdrawalRecordDto>,
      providesTags: ['WithdrawHistory'],
    }),
    /** The owner cancels a pending withdrawal no admin has acted on: the hold returns. */
    cancelWithdrawal: build.mutation<ApiSuccess<WithdrawalRecordDto>, string>({
      query: (id) => ({ url: `/wallets/withdraw/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Wallets', 'WithdrawHistory', 'WithdrawLimits'],
    }),
  }),
});

export const {
  useGetDepositHistoryQuery,
  useGetWithdrawHistoryQuery,
  useCancelWithdrawalMutation,
} = historyApi;
