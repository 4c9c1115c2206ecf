import { stringify } from 'csv-stringify/sync';

/**
 * A CSV download (RFC 4180: CRLF, fields quoted where needed, quotes doubled), UTF-8 with a BOM
 * for spreadsheets; a cell a spreadsheet would run as a formula is prefixed with a single quote.
 * The same options as the audit log's export (modules/admin/audit-log-csv.ts).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return stringify([header, ...rows] as (string | number)[][], {
    record_delimiter: 'windows',
    escape_formulas: true,
    bom: true,
  });
}
