import type { ActiveSession, ApiSuccess, LoginRecord } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface LoginHistoryPage {
  data: LoginRecord[];
  total: number;
}

/** The signed-in user's sessions and login history (GET /auth/sessions, /auth/logins). */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<ActiveSession[], undefined>({
      query: () => '/auth/sessions',
      transformResponse: (body: ApiSuccess<ActiveSession[]>) => body.data,
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<ApiSuccess<null>, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<ApiSuccess<{ ended: number }>, undefined>({
      query: () => ({ url: '/auth/sessions/logout-others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
    getLoginHistory: build.query<LoginHistoryPage, { page: number; page_size: number }>({
      query: (params) => ({ url: '/auth/logins', params }),
      transformResponse: (body: ApiSuccess<LoginRecord[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['LoginHistory'],
    }),
  }),
});

export const {
  useGetSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useGetLoginHistoryQuery,
} = sessionsApi;
