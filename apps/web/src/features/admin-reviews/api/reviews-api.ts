import type {
  AdminDeposit,
  AdminKycRequest,
  AdminWithdrawal,
  ApiSuccess,
  PayoutRequest,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** A review queue's query: status ('' for all), search text and page. */
export interface QueueArgs {
  status: string;
  search: string;
  page: number;
  page_size: number;
}

export interface QueuePage<T> {
  data: T[];
  total: number;
}

const toPage = <T>(body: ApiSuccess<T[]>): QueuePage<T> => ({
  data: body.data,
  total: body.total ?? body.data.length,
});

const params = ({ status, search, page, page_size }: QueueArgs) => ({
  page,
  page_size,
  ...(status ? { status } : {}),
  ...(search.trim() ? { search: search.trim() } : {}),
});

export type Decision = ApiSuccess<unknown>;

const reviews = api.enhanceEndpoints({ addTagTypes: ['AdminReviews'] });

/** The admin review queues (/admin/kyc, /admin/deposits, /admin/withdrawals) and their decisions. */
export const reviewsApi = reviews.injectEndpoints({
  endpoints: (build) => ({
    getKycQueue: build.query<QueuePage<AdminKycRequest>, QueueArgs>({
      query: (args) => ({ url: '/admin/kyc', params: params(args) }),
      transformResponse: toPage<AdminKycRequest>,
      providesTags: ['AdminReviews'],
    }),
    getDepositQueue: build.query<QueuePage<AdminDeposit>, QueueArgs>({
      query: (args) => ({ url: '/admin/deposits', params: params(args) }),
      transformResponse: toPage<AdminDeposit>,
      providesTags: ['AdminReviews'],
    }),
    getWithdrawalQueue: build.query<QueuePage<AdminWithdrawal>, QueueArgs>({
      query: (args) => ({ url: '/admin/withdrawals', params: params(args) }),
      transformResponse: toPage<AdminWithdrawal>,
      providesTags: ['AdminReviews'],
    }),
    /** Approve (no body) or reject (`reason`) an identity request, deposit or withdrawal. */
    decide: build.mutation<Decision, { url: string; body?: { reason: string } | PayoutRequest }>({
      query: ({ url, body }) => ({ url, method: 'POST', body: body ?? {} }),
      invalidatesTags: ['AdminReviews'],
    }),
  }),
});

export const {
  useGetKycQueueQuery,
  useGetDepositQueueQuery,
  useGetWithdrawalQueueQuery,
  useDecideMutation,
} = reviewsApi;
