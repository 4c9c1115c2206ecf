import type { AdminUser, ApiSuccess } from '@exchange/contracts';
import { api } from '@/lib/api-client';

/** The admins, for the audit log's filter (GET /admin/users?role=admin). */
const adminListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdmins: build.query<AdminUser[], undefined>({
      query: () => ({ url: '/admin/users', params: { role: 'admin', page_size: 100 } }),
      transformResponse: (body: ApiSuccess<AdminUser[]>) => body.data,
      providesTags: ['AdminUsers'],
    }),
  }),
});

/** Each admin as a select option: the email shown, the id sent. */
export function useAdminOptions() {
  const { data } = adminListApi.useGetAdminsQuery(undefined);
  return (data ?? []).map((a) => ({ value: a._id, label: a.email }));
}
