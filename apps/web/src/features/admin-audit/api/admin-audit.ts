import type {
  ApiSuccess,
  AuditLogEntry,
  AuditLogExportQuery,
  LedgerAuditRun,
} from '@exchange/contracts';
import { API_BASE_URL } from '@/config/constants';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';

export interface AuditLogArgs extends AuditLogExportQuery {
  page: number;
  page_size: number;
}

/** The filters as query parameters, empty ones left out. */
const filterParams = (args: AuditLogExportQuery) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

/** The audit log (filtered, paged) and the ledger audit (latest run, run now). */
export const adminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<{ data: AuditLogEntry[]; total: number }, AuditLogArgs>({
      query: (args) => ({ url: '/admin/audit-log', params: filterParams(args) }),
      transformResponse: (body: ApiSuccess<AuditLogEntry[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['AuditLog'],
    }),
    getLedgerAudit: build.query<LedgerAuditRun | null, undefined>({
      query: () => '/admin/audit/ledger',
      transformResponse: (body: ApiSuccess<LedgerAuditRun | null>) => body.data,
      providesTags: ['LedgerAudit'],
    }),
    runLedgerAudit: build.mutation<LedgerAuditRun, undefined>({
      query: () => ({ url: '/admin/audit/ledger', method: 'POST' }),
      transformResponse: (body: ApiSuccess<LedgerAuditRun>) => body.data,
      invalidatesTags: ['LedgerAudit', 'AuditLog'],
    }),
  }),
});

export const { useGetAuditLogQuery, useGetLedgerAuditQuery, useRunLedgerAuditMutation } =
  adminAuditApi;

/**
 * Downloads the filtered audit log as CSV: fetched with the session's token (a plain link would
 * carry none), then saved under the server's file name.
 */
export async function downloadAuditLogCsv(filters: AuditLogExportQuery): Promise<void> {
  const query = new URLSearchParams(filterParams(filters) as Record<string, string>);
  const token = getToken();
  const response = await fetch(`${API_BASE_URL}/admin/audit-log/export?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'audit-log.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
