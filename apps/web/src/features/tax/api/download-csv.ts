import { API_BASE_URL } from '@/config/constants';
import { getToken } from '@/lib/session';

/**
 * Downloads a CSV the server writes (the user's deductions, the admin's Form 26QF lines): fetched
 * with the Bearer token, then saved through a link, since a plain link would carry no token.
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_BASE_URL}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`CSV download failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const downloadTdsCsv = (financialYear: string) =>
  downloadCsv(
    `/tax/deductions/csv?financial_year=${encodeURIComponent(financialYear)}`,
    `tds-${financialYear}.csv`,
  );

export const downloadForm26qf = (financialYear: string, quarter: number) =>
  downloadCsv(
    `/admin/tax/form-26qf?financial_year=${encodeURIComponent(financialYear)}&quarter=${quarter}`,
    `form-26qf-${financialYear}-q${quarter}.csv`,
  );
