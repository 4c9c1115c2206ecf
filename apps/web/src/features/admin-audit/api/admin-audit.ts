import type {
  ApiSuccess,
  AuditLogEntry,
  AuditLogExportQuery,
  LedgerAuditRun,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

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

/** Downloads the filtered audit log as CSV. */
export function downloadAuditLogCsv(filters: AuditLogExportQuery): Promise<void> {
  const query = new URLSearchParams(filterParams(filters) as Record<string, string>);
  return downloadCsv(`/admin/audit-log/export?${query}`, 'audit-log.csv');
}
