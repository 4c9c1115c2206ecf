import type {
  AdminDeposit,
  AdminKycDecision,
  AdminKycRequest,
  AdminWithdrawal,
  ApiSuccess,
  MoneyDecision,
  PayoutRequest,
  MoneyReject,
  ReviewReject,
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

/** A decision on one request: its id and the body its route reads. */
type On<Body> = { id: string } & Body;

const decision = <Body extends object>(path: (id: string) => string) => ({
  query: ({ id, ...body }: On<Body>) => ({ url: path(id), method: 'POST', body }),
  invalidatesTags: ['AdminReviews' as const],
});

const kyc = (id: string, verb: string) => `/admin/kyc/${encodeURIComponent(id)}/${verb}`;
const deposit = (id: string, verb: string) => `/admin/deposits/${encodeURIComponent(id)}/${verb}`;
const withdrawal = (id: string, verb: string) =>
  `/admin/withdrawals/${encodeURIComponent(id)}/${verb}`;

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
    approveIdentity: build.mutation<ApiSuccess<AdminKycDecision>, On<object>>(
      decision((id) => kyc(id, 'approve')),
    ),
    rejectIdentity: build.mutation<ApiSuccess<AdminKycDecision>, On<ReviewReject>>(
      decision((id) => kyc(id, 'reject')),
    ),
    /** Confirming a deposit: stepped up with the admin's second factor. */
    approveDeposit: build.mutation<ApiSuccess<AdminDeposit>, On<MoneyDecision>>(
      decision((id) => deposit(id, 'confirm')),
    ),
    rejectDeposit: build.mutation<ApiSuccess<AdminDeposit>, On<MoneyReject>>(
      decision((id) => deposit(id, 'reject')),
    ),
    /** Approving a withdrawal: stepped up, with the payout's hash when it was paid by hand. */
    approveWithdrawal: build.mutation<ApiSuccess<AdminWithdrawal>, On<PayoutRequest>>(
      decision((id) => withdrawal(id, 'approve')),
    ),
    rejectWithdrawal: build.mutation<ApiSuccess<AdminWithdrawal>, On<MoneyReject>>(
      decision((id) => withdrawal(id, 'reject')),
    ),
  }),
});

export const {
  useGetKycQueueQuery,
  useGetDepositQueueQuery,
  useGetWithdrawalQueueQuery,
  useApproveIdentityMutation,
  useRejectIdentityMutation,
  useApproveDepositMutation,
  useRejectDepositMutation,
  useApproveWithdrawalMutation,
  useRejectWithdrawalMutation,
} = reviewsApi;
