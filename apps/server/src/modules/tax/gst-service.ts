import {
  GSTR1_COLUMNS,
  gstStateName,
  type GstInvoices,
  type GstInvoiceSummary,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount, parseAmount } from '../../core/money.js';
import { PAISA } from '../../core/paise.js';
import { inrValue } from '../../core/tax/tds.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import {
  allotInvoice,
  gstFeeRows,
  gstMonthsOf,
  stateTimelines,
  type GstFeeRecord,
} from './gst-repository.js';
import {
  financialYearOfMonth,
  gstLines,
  invoiceNumber,
  istMonthBounds,
  istMonthOf,
  type GstFeeRow,
  type GstLine,
} from './gst-rules.js';

/** Rupee units (whole paise) as "1234.56". */
const rupees = (units: bigint) =>
  `${units / 10n ** 18n}.${String((units / PAISA) % 100n).padStart(2, '0')}`;

/**
 * Fee rows valued in rupees: a rupee fee as it is, a coin's at the fill's price in USDT and the
 * USDT/INR rate its TDS deduction stored, each rounded down to the paisa.
 */
function valued(ctx: AppContext, records: readonly GstFeeRecord[]): GstFeeRow[] {
  const inr = ctx.core.tokens.get('INR').id;
  return records.map((r) => {
    const value = (amount: bigint) =>
      r.token_id === inr ? amount : inrValue(amount, BigInt(r.price_usdt), BigInt(r.usdt_inr_rate));
    return {
      userId: r.user_id,
      time: r.created_at,
      feeInr: value(BigInt(r.fee)),
      gstInr: value(BigInt(r.gst)),
    };
  });
}

/** A month's GST lines (one user's, or everyone's), by place of supply. */
async function monthLines(ctx: AppContext, month: string, userId?: string): Promise<GstLine[]> {
  const rows = valued(ctx, await gstFeeRows(ctx.db, istMonthBounds(month), userId));
  const users = [...new Set(rows.map((r) => r.userId))];
  return gstLines(rows, await stateTimelines(ctx.db, users), ctx.config.gst.state);
}

function totalOf(lines: readonly GstLine[]) {
  const sum = (pick: (l: GstLine) => bigint) => lines.reduce((s, l) => s + pick(l), 0n);
  const taxable = sum((l) => l.taxable);
  const cgst = sum((l) => l.cgst);
  const sgst = sum((l) => l.sgst);
  const igst = sum((l) => l.igst);
  return { taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst };
}

const ratePercent = (ctx: AppContext) =>
  formatAmount((parseAmount(ctx.config.gst.rate) ?? 0n) * 100n);

/** The user's months with GST on fees, newest first, and each month's invoice figures. */
export async function listGstInvoices(ctx: AppContext, userId: string): Promise<GstInvoices> {
  const current = istMonthOf(ctx.now());
  const [months, numbered] = await Promise.all([
    gstMonthsOf(ctx.db, userId),
    ctx.db
      .selectFrom('gst_invoices')
      .select(['month', 'financial_year', 'number'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const invoices: GstInvoiceSummary[] = [];
  for (const month of months) {
    const t = totalOf(await monthLines(ctx, month, userId));
    const found = numbered.find((n) => n.month === month);
    invoices.push({
      month,
      financial_year: financialYearOfMonth(month),
      number: found ? invoiceNumber(found.financial_year, found.number) : null,
      open: month >= current,
      taxable: rupees(t.taxable),
      cgst: rupees(t.cgst),
      sgst: rupees(t.sgst),
      igst: rupees(t.igst),
      total: rupees(t.total),
    });
  }
  const { gstin, state } = ctx.config.gst;
  return { exchange_gstin: gstin, exchange_state: state, rate: ratePercent(ctx), invoices };
}

/**
 * The user's tax invoice of a month that is over: its number (allotted now if this is the
 * first download) and its lines. Refused for a month still open, one without GST, and while
 * the exchange's GSTIN is not configured.
 */
export async function gstInvoice(ctx: AppContext, userId: string, month: string) {
  if (!ctx.config.gst.gstin)
    throw new AppError('UNAVAILABLE', 'Tax invoices are not available yet');
  if (month >= istMonthOf(ctx.now()))
    throw new AppError('BAD_REQUEST', 'A month’s tax invoice is issued once the month is over');
  const lines = await monthLines(ctx, month, userId);
  if (lines.length === 0) throw new AppError('NOT_FOUND', 'No fees with GST in that month');
  const financialYear = financialYearOfMonth(month);
  const allotted = await allotInvoice(ctx.db, { userId, month, financialYear }, ctx.now());
  return {
    number: invoiceNumber(financialYear, allotted.number),
    issuedAt: allotted.created_at,
    month,
    lines,
    totals: totalOf(lines),
    supplier: { gstin: ctx.config.gst.gstin, state: ctx.config.gst.state },
    rate: ratePercent(ctx),
  };
}

export type GstInvoice = Awaited<ReturnType<typeof gstInvoice>>;

/**
 * GST collected in a month for the return, in the shape of GSTR-1 table 7 (B2C others): one row
 * per place of supply and rate, supplies to unregistered users (type OE), in rupees.
 */
export async function gstr1Csv(ctx: AppContext, month: string): Promise<string> {
  const lines = await monthLines(ctx, month);
  const rate = ratePercent(ctx);
  return toCsv(
    GSTR1_COLUMNS,
    lines.map((l) => [
      'OE',
      `${l.placeOfSupply}-${gstStateName(l.placeOfSupply) ?? ''}`,
      rate,
      rupees(l.taxable),
      rupees(l.igst),
      rupees(l.cgst),
      rupees(l.sgst),
      '0.00',
      '',
    ]),
  );
}

export { rupees as gstRupees };
