import { downloadCsv } from '@/lib/download-csv';

/** The year's deductions as CSV, for the signed-in user. */
export const downloadTdsCsv = (financialYear: string) =>
  downloadCsv(
    `/tax/deductions/csv?financial_year=${encodeURIComponent(financialYear)}`,
    `tds-${financialYear}.csv`,
  );

/** A quarter's Form 26QF lines as CSV, for admins. */
export const downloadForm26qf = (financialYear: string, quarter: number) =>
  downloadCsv(
    `/admin/tax/form-26qf?financial_year=${encodeURIComponent(financialYear)}&quarter=${quarter}`,
    `form-26qf-${financialYear}-q${quarter}.csv`,
  );
