import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Every CSV we hand out: RFC 4180 (CRLF, fields quoted where needed, quotes doubled), UTF-8 with
 * a BOM for spreadsheets, and a cell a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or CR) prefixed with a single quote.
 */
const CSV_OPTIONS = {
  record_delimiter: 'windows',
  escape_formulas: true,
  bom: true,
  cast: { object: castText },
} as const;

/**
 * Digits a spreadsheet must keep as they are, such as a bank account number (review I4-4): a
 * plain 16-18 digit cell becomes 1.23E+17 and loses its leading zeros. Only digits, so the cell
 * can never carry a formula of anyone's choosing.
 */
export class DigitsText {
  constructor(readonly digits: string) {
    if (!/^\d+$/.test(digits)) throw new Error('DigitsText takes digits only');
  }
}

/** A DigitsText as the text formula ="…" (Excel, LibreOffice and Sheets show the digits). */
function castText(value: object): string | { value: string; escape_formulas: false } {
  return value instanceof DigitsText
    ? { value: `="${value.digits}"`, escape_formulas: false }
    : JSON.stringify(value);
}

/** A cell of a CSV file. */
export type CsvCell = string | number | DigitsText;

/** A whole CSV file: the header, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows] as CsvCell[][], CSV_OPTIONS);
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
