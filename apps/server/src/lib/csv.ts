import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Every CSV we hand out: RFC 4180 (CRLF, fields quoted where needed, quotes doubled), UTF-8 with
 * a BOM for spreadsheets, and a cell a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or CR) prefixed with a single quote.
 */
const CSV_OPTIONS = { record_delimiter: 'windows', escape_formulas: true, bom: true } as const;

/** A whole CSV file: the header, then the rows. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return stringify([header, ...rows] as (string | number)[][], CSV_OPTIONS);
}

/** A CSV written as records are piped in, its header from `columns`. */
export const csvStream = (columns: readonly string[]) =>
  stringifyStream({ ...CSV_OPTIONS, header: true, columns: [...columns] });

/** Answers a CSV file to download; the name is ours, never the caller's. */
export function csvDownload(reply: FastifyReply, fileName: string, csv: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
