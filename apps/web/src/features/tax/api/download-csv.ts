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

/** The year's Schedule VDA lines as CSV, in the ITR utility's columns. */
export const downloadScheduleVdaCsv = (financialYear: string) =>
  downloadCsv(
    `/tax/schedule-vda/csv?financial_year=${encodeURIComponent(financialYear)}`,
    `schedule-vda-${financialYear}.csv`,
  );

/** The year's Schedule VDA summary as a PDF the server writes (the same download path). */
export const downloadScheduleVdaPdf = (financialYear: string) =>
  downloadCsv(
    `/tax/schedule-vda/pdf?financial_year=${encodeURIComponent(financialYear)}`,
    `schedule-vda-${financialYear}.pdf`,
  );
