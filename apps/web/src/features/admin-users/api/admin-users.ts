import type {
  AdminUser,
  AdminUserDetail,
  ApiSuccess,
  DepositRecordDto,
  LedgerEntry,
  OrderDto,
  UserRole,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface Paged<T> {
  data: T[];
  total: number;
}

const toPaged = <T>(body: ApiSuccess<T[]>): Paged<T> => ({
  data: body.data,
  total: body.total ?? body.data.length,
});

interface PageArgs {
  id: string;
  page: number;
  page_size: number;
}

const listOf = (what: string) => (a: PageArgs & { status?: string }) => ({
  url: `/admin/users/${a.id}/${what}`,
  params: { page: a.page, page_size: a.page_size, ...(a.status ? { status: a.status } : {}) },
});

/** Accounts for admins: search, one account with its records, lock and unlock. */
export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<
      Paged<AdminUser>,
      { q?: string; role?: UserRole; page: number; page_size: number }
    >({
      query: (params) => ({ url: '/admin/users', params }),
      transformResponse: toPaged<AdminUser>,
      providesTags: ['AdminUsers'],
    }),
    getUser: build.query<AdminUserDetail, string>({
      query: (id) => `/admin/users/${id}`,
      transformResponse: (body: ApiSuccess<AdminUserDetail>) => body.data,
      providesTags: ['AdminUsers'],
    }),
    getUserOrders: build.query<Paged<OrderDto>, PageArgs & { status: 'open' | 'closed' }>({
      query: listOf('orders'),
      transformResponse: toPaged<OrderDto>,
      providesTags: ['AdminUsers'],
    }),
    getUserDeposits: build.query<Paged<DepositRecordDto>, PageArgs>({
      query: listOf('deposits'),
      transformResponse: toPaged<DepositRecordDto>,
      providesTags: ['AdminUsers'],
    }),
    getUserWithdrawals: build.query<Paged<WithdrawalRecordDto>, PageArgs>({
      query: listOf('withdrawals'),
      transformResponse: toPaged<WithdrawalRecordDto>,
      providesTags: ['AdminUsers'],
    }),
    getUserLedger: build.query<Paged<LedgerEntry>, PageArgs>({
      query: listOf('ledger'),
      transformResponse: toPaged<LedgerEntry>,
      providesTags: ['AdminUsers'],
    }),
    setUserLock: build.mutation<
      ApiSuccess<AdminUserDetail>,
      { id: string; lock: boolean; reason: string }
    >({
      query: ({ id, lock, reason }) => ({
        url: `/admin/users/${id}/${lock ? 'lock' : 'unlock'}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['AdminUsers', 'AuditLog'],
    }),
  }),
});

export const {
  useSearchUsersQuery,
  useGetUserQuery,
  useGetUserOrdersQuery,
  useGetUserDepositsQuery,
  useGetUserWithdrawalsQuery,
  useGetUserLedgerQuery,
  useSetUserLockMutation,
} = adminUsersApi;
