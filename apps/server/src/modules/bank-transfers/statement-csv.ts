import { MAX_AMOUNT_DIGITS, normaliseUtr, type StatementLayout } from '@exchange/contracts';
import { parse } from 'csv-parse/sync';
import { formatAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { hdfcRemitter } from './hdfc-narration.js';

interface LineBase {
  lineNo: number;
  valueDate: string;
  remitterName: string;
  remitterAccount: string | null;
  remitterIfsc: string | null;
  remitterVpa: string | null;
  narration: string;
  /** The line as the file has it (cut to RAW_CHARS). */
  raw: string;
}

/** One credit of the exchange's collection account, as a statement shows it. Amount in paise. */
export interface StatementCredit extends LineBase {
  utr: string;
  paise: bigint;
  unreadable: null;
}

/** A line that cannot be credited as it stands: kept for an admin with what could be read. */
export interface UnreadableLine extends LineBase {
  utr: string | null;
  paise: bigint | null;
  /** Why, for the admin. */
  unreadable: string;
}

export type StatementLine = StatementCredit | UnreadableLine;

export interface StatementRules {
  /** The largest credit one line may carry, in paise; a larger one is left to an admin. */
  maxLinePaise: bigint;
}

/** Enough of an unreadable line's text to recognise it; the file's hash keeps the rest. */
const RAW_CHARS = 1000;

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

/**
 * Rupees as written in statements ("1,000.50", "250") to paise; null when it is not an amount or
 * has more than MAX_AMOUNT_DIGITS whole digits (leading zeros aside), the bound of every amount.
 */
export function paiseOf(text: string): bigint | null {
  const m = /^0*(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/,/g, '').trim());
  if (!m || (m[1] as string).length > MAX_AMOUNT_DIGITS) return null;
  return BigInt(m[1] as string) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}

/** Why an amount cannot be credited from a statement line; null when it can. */
export function amountRefusal(text: string, rules: StatementRules): string | null {
  const paise = paiseOf(text);
  if (paise === null)
    return `"${text}" is not an amount (at most ${MAX_AMOUNT_DIGITS} whole digits and 2 decimals)`;
  if (paise === 0n) return `"${text}" is not a credit amount`;
  if (paise > rules.maxLinePaise)
    return `₹${formatAmount(paise, 2)} is above one line’s cap of ₹${formatAmount(rules.maxLinePaise, 2)} (INR_STATEMENT_LINE_MAX): check it with the bank`;
  return null;
}

interface Row {
  record: string[];
  raw: string;
}

function rows(content: string): Row[] {
  try {
    return (
      parse(content.replace(/^\uFEFF/, ''), {
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        raw: true,
      }) as unknown as Row[]
    ).map((r) => ({ record: r.record, raw: r.raw.trim().slice(0, RAW_CHARS) }));
  } catch (error) {
    throw new AppError('BAD_REQUEST', said('statementNotCsv', String(error)));
  }
}

/**
 * Reads a statement's lines: credits, and the lines that look like credits but cannot be credited
 * (no UTR, no amount, an amount out of bounds), kept as unreadable for an admin rather than
 * refusing the file (review 4, N4-M5, N4-L8). Debits and balance lines are left out. Only a file
 * that is not CSV, or lacks its layout's header, is refused.
 */
export function readStatement(
  layout: StatementLayout,
  content: string,
  rules: StatementRules,
): StatementLine[] {
  return layout === 'standard'
    ? readStandard(rows(content), rules)
    : readHdfc(rows(content), rules);
}

/** A line read, as a credit or, when its UTR or amount will not do, as unreadable. */
function line(
  base: LineBase,
  utrText: string,
  utr: string | null,
  amount: string,
  rules: StatementRules,
): StatementLine {
  const amountWhy = amountRefusal(amount, rules);
  const paise = amountWhy === null ? paiseOf(amount) : null;
  if (amountWhy === null && paise !== null && utr !== null)
    return { ...base, utr, paise, unreadable: null };
  return {
    ...base,
    utr,
    paise,
    unreadable: amountWhy ?? `no UTR (12 to 22 letters or digits) found in "${utrText}"`,
  };
}

function readStandard(all: Row[], rules: StatementRules): StatementLine[] {
  const header = (all[0]?.record ?? []).map((h) => h.toLowerCase());
  if (STANDARD.some((c, i) => header[i] !== c))
    throw new AppError('BAD_REQUEST', said('statementFirstLine', STANDARD.join(',')));
  return all.slice(1).map(({ record: r, raw }, i) => {
    const [valueDate, utr, amount, name, account, ifsc, vpa, narration] = STANDARD.map(
      (_, k) => r[k] ?? '',
    ) as string[];
    const base: LineBase = {
      lineNo: i + 2,
      valueDate: valueDate as string,
      remitterName: name as string,
      remitterAccount: account || null,
      remitterIfsc: ifsc ? (ifsc as string).toUpperCase() : null,
      remitterVpa: vpa ? (vpa as string).toLowerCase() : null,
      narration: narration as string,
      raw,
    };
    return line(base, utr as string, normaliseUtr(utr as string), amount as string, rules);
  });
}

function readHdfc(all: Row[], rules: StatementRules): StatementLine[] {
  const start = all.findIndex(
    ({ record: r }) => r[0]?.toLowerCase() === HDFC_DATE && r[1]?.toLowerCase() === HDFC_NARRATION,
  );
  if (start < 0) throw new AppError('BAD_REQUEST', said('hdfcNoHeader'));
  const header = (all[start] as Row).record.map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [narrationAt, refAt, creditAt] = [col(HDFC_NARRATION), col(HDFC_REF), col(HDFC_CREDIT)];
  if (refAt < 0 || creditAt < 0) throw new AppError('BAD_REQUEST', said('hdfcColumns'));
  const lines: StatementLine[] = [];
  all.slice(start + 1).forEach(({ record: r, raw }, i) => {
    const date = r[0] ?? '';
    if (!/^\d{2}\/\d{2}\/\d{2,4}$/.test(date)) return; // separators, totals, footers
    const amount = (r[creditAt] ?? '').trim();
    if (amount === '' || paiseOf(amount) === 0n) return; // a debit
    const narration = r[narrationAt] ?? '';
    const remitter = hdfcRemitter(narration, r[refAt] ?? '');
    const base: LineBase = {
      lineNo: start + i + 2,
      valueDate: date,
      remitterName: remitter.name,
      remitterAccount: remitter.account,
      remitterIfsc: remitter.ifsc,
      remitterVpa: remitter.vpa,
      narration,
      raw,
    };
    lines.push(line(base, narration, remitter.utr, amount, rules));
  });
  return lines;
}
