import type { AmlCase, AmlCaseDetail, ApiSuccess } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export type CaseFilter = 'live' | 'open' | 'escalated' | 'closed' | 'all';

/** A case action that says why (a note, an escalation, a close, a pause or resume). */
export type CaseAction =
  'notes' | 'escalate' | 'close' | 'pause-withdrawals' | 'resume-withdrawals';

const bodyOf = (action: CaseAction, text: string, userId?: string) =>
  action === 'notes'
    ? { note: text }
    : action.endsWith('withdrawals')
      ? { user_id: userId, reason: text }
      : { reason: text };

/** The anti-money-laundering case queue for admins (issue 52). */
export const adminAmlApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCases: build.query<
      { data: AmlCase[]; total: number },
      { status: CaseFilter; page: number; page_size: number }
    >({
      query: (params) => ({ url: '/admin/aml/cases', params }),
      transformResponse: (body: ApiSuccess<AmlCase[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['AmlCases'],
    }),
    getCase: build.query<AmlCaseDetail, string>({
      query: (id) => `/admin/aml/cases/${id}`,
      transformResponse: (body: ApiSuccess<AmlCaseDetail>) => body.data,
      providesTags: ['AmlCases'],
    }),
    assignCase: build.mutation<ApiSuccess<AmlCaseDetail>, string>({
      query: (id) => ({ url: `/admin/aml/cases/${id}/assign`, method: 'POST' }),
      invalidatesTags: ['AmlCases', 'AuditLog'],
    }),
    caseAction: build.mutation<
      ApiSuccess<AmlCaseDetail>,
      { id: string; action: CaseAction; text: string; userId?: string }
    >({
      query: ({ id, action, text, userId }) => ({
        url: `/admin/aml/cases/${id}/${action}`,
        method: 'POST',
        body: bodyOf(action, text, userId),
      }),
      invalidatesTags: ['AmlCases', 'AuditLog'],
    }),
    fileStr: build.mutation<ApiSuccess<AmlCaseDetail>, { id: string; grounds: string }>({
      query: ({ id, grounds }) => ({
        url: `/admin/aml/cases/${id}/str`,
        method: 'POST',
        body: { grounds },
      }),
      invalidatesTags: ['AmlCases', 'AuditLog'],
    }),
  }),
});

export const {
  useListCasesQuery,
  useGetCaseQuery,
  useAssignCaseMutation,
  useCaseActionMutation,
  useFileStrMutation,
} = adminAmlApi;
