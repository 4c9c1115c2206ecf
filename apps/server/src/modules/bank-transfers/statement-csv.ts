import type { StatementLayout } from '@exchange/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.js';
import { said, type Said } from '../../lib/messages.js';

/** One credit of the exchange's collection account, as a statement shows it. Amount in paise. */
export interface StatementCredit {
  lineNo: number;
  valueDate: string;
  utr: string;
  paise: bigint;
  remitterName: string;
  remitterAccount: string | null;
  remitterIfsc: string | null;
  remitterVpa: string | null;
  narration: string;
}

const STANDARD = [
  'value_date',
  'utr',
  'amount',
  'remitter_name',
  'remitter_account',
  'remitter_ifsc',
  'remitter_vpa',
  'narration',
] as const;

const HDFC_DATE = 'date';
const HDFC_NARRATION = 'narration';
const HDFC_REF = 'chq./ref.no.';
const HDFC_CREDIT = 'deposit amt.';

/** Rupees as written in statements ("1,000.50", "250") to paise; null when it is not an amount. */
export function paiseOf(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/,/g, '').trim());
  if (!m) return null;
  return BigInt(m[1] as string) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}

function rows(content: string): string[][] {
  try {
    return parse(content.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new AppError('BAD_REQUEST', said('statementNotCsv', String(error)));
  }
}

const refuse = (message: Said) => new AppError('BAD_REQUEST', message);

/** Reads a statement's credits; debits and balance lines are left out. Refuses it whole on a bad line. */
export function readStatement(layout: StatementLayout, content: string): StatementCredit[] {
  return layout === 'standard' ? readStandard(rows(content)) : readHdfc(rows(content));
}

function readStandard(all: string[][]): StatementCredit[] {
  const header = (all[0] ?? []).map((h) => h.toLowerCase());
  if (STANDARD.some((c, i) => header[i] !== c))
    throw new AppError('BAD_REQUEST', said('statementFirstLine', STANDARD.join(',')));
  return all.slice(1).map((r, i) => {
    const line = i + 2;
    const [valueDate, utr, amount, name, account, ifsc, vpa, narration] = STANDARD.map(
      (_, k) => r[k] ?? '',
    ) as string[];
    const paise = paiseOf(amount as string);
    if (paise === null || paise === 0n) throw refuse(said('lineNotCredit', line, amount as string));
    if (!/^[A-Za-z0-9]{12,22}$/.test(utr as string))
      throw refuse(said('lineNotUtr', line, utr as string));
    return {
      lineNo: line,
      valueDate: valueDate as string,
      utr: (utr as string).toUpperCase(),
      paise,
      remitterName: name as string,
      remitterAccount: account || null,
      remitterIfsc: ifsc ? (ifsc as string).toUpperCase() : null,
      remitterVpa: vpa ? (vpa as string).toLowerCase() : null,
      narration: narration as string,
    };
  });
}

/**
 * HDFC Bank's narration of a credit, by channel:
 * - `UPI-<name>-<vpa>-<ifsc>-<12-digit UTR>-<note>`
 * - `IMPS-<12-digit UTR>-<name>-<bank>-<masked account>-<note>`
 * - `NEFT CR-<ifsc>-<name>-<note>-<UTR>`
 * Anything else keeps the whole narration and the reference column as the UTR.
 */
export function hdfcRemitter(narration: string, ref: string) {
  const parts = narration.split('-').map((p) => p.trim());
  const none = { account: null, ifsc: null, vpa: null };
  if (parts[0] === 'UPI' && parts.length >= 5)
    return {
      ...none,
      name: parts[1] ?? '',
      vpa: (parts[2] ?? '').toLowerCase() || null,
      ifsc: parts[3] || null,
      utr: parts[4] ?? '',
    };
  if (parts[0] === 'IMPS' && parts.length >= 5)
    return { ...none, utr: parts[1] ?? '', name: parts[2] ?? '', account: parts[4] || null };
  if (parts[0] === 'NEFT CR' && parts.length >= 4)
    return {
      ...none,
      ifsc: parts[1] || null,
      name: parts[2] ?? '',
      utr: parts[parts.length - 1] ?? '',
    };
  return { ...none, name: '', utr: ref.replace(/^0+(?=\d{12}$)/, '') };
}

function readHdfc(all: string[][]): StatementCredit[] {
  const start = all.findIndex(
    (r) => r[0]?.toLowerCase() === HDFC_DATE && r[1]?.toLowerCase() === HDFC_NARRATION,
  );
  if (start < 0)
    throw new AppError(
      'BAD_REQUEST',
      'No HDFC statement header found (Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance)',
    );
  const header = (all[start] as string[]).map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [narrationAt, refAt, creditAt] = [col(HDFC_NARRATION), col(HDFC_REF), col(HDFC_CREDIT)];
  if (refAt < 0 || creditAt < 0)
    throw new AppError(
      'BAD_REQUEST',
      'The HDFC statement lacks its Chq./Ref.No. or Deposit Amt. column',
    );
  const credits: StatementCredit[] = [];
  all.slice(start + 1).forEach((r, i) => {
    const line = start + i + 2;
    const date = r[0] ?? '';
    if (!/^\d{2}\/\d{2}\/\d{2,4}$/.test(date)) return; // separators, totals, footers
    const amount = (r[creditAt] ?? '').trim();
    if (amount === '' || paiseOf(amount) === 0n) return; // a debit
    const paise = paiseOf(amount);
    if (paise === null) throw refuse(said('lineNotAmount', line, amount));
    const narration = r[narrationAt] ?? '';
    const remitter = hdfcRemitter(narration, r[refAt] ?? '');
    if (!/^[A-Za-z0-9]{12,22}$/.test(remitter.utr))
      throw refuse(said('lineNoUtr', line, narration));
    credits.push({
      lineNo: line,
      valueDate: date,
      utr: remitter.utr.toUpperCase(),
      paise,
      remitterName: remitter.name,
      remitterAccount: remitter.account,
      remitterIfsc: remitter.ifsc,
      remitterVpa: remitter.vpa,
      narration,
    });
  });
  return credits;
}
