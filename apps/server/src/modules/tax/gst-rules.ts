import { PAISA } from '../../core/paise.js';
import { isIntraState, splitGst } from '../../core/tax/gst.js';

/** One side of a fill whose fee carried GST, valued in rupees (ledger units, whole paise). */
export interface GstFeeRow {
  userId: string;
  time: Date;
  /** The fee in rupees at the fill's rate, and the GST part of it, each rounded down to the paisa. */
  feeInr: bigint;
  gstInr: bigint;
}

/** A user's state changes, oldest first. */
export type StateTimeline = readonly { stateCode: string; since: Date }[];

/** The user's state on record at `time` (the latest change at or before it); null: none yet. */
export function stateAt(timeline: StateTimeline, time: Date): string | null {
  let state: string | null = null;
  for (const change of timeline) {
    if (change.since.getTime() > time.getTime()) break;
    state = change.stateCode;
  }
  return state;
}

/** GST of one place of supply: the state and the rupee amounts (ledger units, whole paise). */
export interface GstLine {
  placeOfSupply: string;
  taxable: bigint;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

/**
 * Adds fee rows up by place of supply (the user's state at the fill, the exchange's where none
 * is on record): per state the fees and their GST are summed in rupees, then split, so a line's
 * taxable value + tax is exactly its fees. Within the exchange's state CGST and SGST are halves,
 * an odd paisa to CGST (`splitGst`); elsewhere it is all IGST. Lines in state-code order.
 */
export function gstLines(
  rows: readonly GstFeeRow[],
  timelines: ReadonlyMap<string, StateTimeline>,
  exchangeState: string,
): GstLine[] {
  const sums = new Map<string, { fee: bigint; gst: bigint }>();
  for (const r of rows) {
    const state = stateAt(timelines.get(r.userId) ?? [], r.time) ?? exchangeState;
    const sum = sums.get(state) ?? { fee: 0n, gst: 0n };
    sum.fee += r.feeInr;
    sum.gst += r.gstInr;
    sums.set(state, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([placeOfSupply, { fee, gst }]) => ({
      placeOfSupply,
      ...splitGst(fee, gst, isIntraState(exchangeState, placeOfSupply), PAISA),
    }));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** [start, end) of a calendar month in IST ("2027-05") as UTC instants. */
export function istMonthBounds(month: string): { start: Date; end: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(`${year}-${pad2(m)}-01T00:00:00+05:30`);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${pad2(m + 1)}`;
  return { start, end: new Date(`${next}-01T00:00:00+05:30`) };
}

/** The IST month of an instant: "2027-05". */
export function istMonthOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${pad2(ist.getUTCMonth() + 1)}`;
}

/** The financial year (April to March) a month belongs to: "2027-05" → "2027-28". */
export function financialYearOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = m >= 4 ? year : year - 1;
  return `${first}-${pad2((first + 1) % 100)}`;
}

/**
 * A tax invoice's number: the financial year and a running number of the year's one series,
 * "2027-28/000001" (14 characters; GST rules allow 16, letters, digits, "-" and "/").
 */
export const invoiceNumber = (financialYear: string, n: number) =>
  `${financialYear}/${String(n).padStart(6, '0')}`;
