import { INR, taxPeriodOf } from '@exchange/contracts';
import type { Side } from '@exchange/engine';
import { ledgerOne } from '../money.js';
import { rupeeCharge, rupeeValue } from '../paise.js';
import type { Token } from '../tokens.js';
import type { Pair } from '../trading/pairs.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { receivedKey, type TaxState } from './tax-state.js';

/** One side of one fill's TDS, as it is stored (`tds_deductions`). Amounts in units of 1e-18. */
export interface TdsDeduction extends Receipt {
  amount: bigint;
  /** The rate in force (a fraction); 0 when the fill was under the exemption threshold. */
  rate: bigint;
  usdtInr: bigint;
  receivedInr: bigint;
  tdsInr: bigint;
  time: Date;
}

const ONE_SQUARED = ledgerOne * ledgerOne;

/**
 * The tax on `received` at `rate`, rounded down to a ledger unit (1e-18 of the coin): never more
 * than the exact tax, and less by under one unit. A tax in rupees (`rupees`) is rounded up to the
 * paisa (`core/paise.ts`).
 */
export const tdsOn = (received: bigint, rate: bigint, rupees = false) =>
  rupees ? rupeeCharge(received, rate) : (received * rate) / ledgerOne;

/**
 * INR units of `amount` of a coin worth `priceUsdt` USDT each at `usdtInr` INR a USDT: a rupee
 * value, rounded down to the paisa.
 */
export const inrValue = (amount: bigint, priceUsdt: bigint, usdtInr: bigint) =>
  rupeeValue((amount * priceUsdt * usdtInr) / ONE_SQUARED);

/**
 * The financial year of a batch's time: every deduction of a batch shares it, so it is worked out
 * once a batch, not once a fill side (dates are slow next to the rest of a deduction).
 */
let lastYear: { at: number; financialYear: string } = { at: NaN, financialYear: '' };
function financialYearOf(now: Date): string {
  const at = now.getTime();
  if (lastYear.at !== at) lastYear = { at, financialYear: taxPeriodOf(now).financialYear };
  return lastYear.financialYear;
}

/** What one side of a fill received: what its TDS is charged on. */
export interface Receipt {
  pair: Pair;
  tradeId: number;
  side: Side;
  userId: string;
  orderId: number;
  /** The coin the side received and pays the tax in. */
  token: Token;
  /** What the side received after the fee: the consideration the tax is on. */
  received: bigint;
  /**
   * The fill's price in USDT for the base leg, 1 for the USDT leg; on an INR pair (`inr`) the price
   * in rupees for the base leg, 1 for the rupee leg.
   */
  priceUsdt: bigint;
  /** An INR pair's fill: its consideration is valued in rupees directly. */
  inr?: boolean;
  /** No tax on this side (an INR pair's buyer of the crypto pays none). */
  exempt?: boolean;
  /** The GST included in this side's fee (`core/tax/gst.ts`), kept with the deduction. */
  gst: bigint;
}

/**
 * Charges one side of a fill: the rate for the user (a PAN on record or not), or nothing while
 * the user's received value this financial year stays within the exemption threshold. Records
 * the deduction in the batch (a zero one too, so every fill carries both) and returns the tax.
 */
export function deductTds(tax: TaxState, work: UnitOfWork, r: Receipt): bigint {
  const usdtInr = tax.usdtInr.rate;
  const receivedInr = inrOf(r, r.received, usdtInr);
  let rate = r.exempt ? 0n : tax.rateFor(r.userId);
  const threshold = tax.settings.thresholdInr;
  if (threshold > 0n && !r.exempt) {
    const key = receivedKey(financialYearOf(work.now), r.userId);
    const total = (tax.receivedInr.get(key) ?? 0n) + receivedInr;
    work.setEntry(tax.receivedInr, key, total);
    if (total <= threshold) rate = 0n;
  }
  // Most sides owe nothing (under the threshold, or exempt): no bigint work for their zero.
  const amount = rate === 0n ? 0n : tdsOn(r.received, rate, r.token.shortName === INR);
  // Every field written out, in one order: one shape for every deduction, where a spread of the
  // receipt made a new one per kind of receipt (with or without `inr`, `exempt`).
  work.deductions.push({
    pair: r.pair,
    tradeId: r.tradeId,
    side: r.side,
    userId: r.userId,
    orderId: r.orderId,
    token: r.token,
    received: r.received,
    // Kept in USDT like every deduction's (an INR price converted at the rate in force); the INR
    // values above are the rupees themselves.
    priceUsdt: r.inr && usdtInr > 0n ? (r.priceUsdt * ledgerOne) / usdtInr : r.priceUsdt,
    inr: r.inr,
    exempt: r.exempt,
    gst: r.gst,
    amount,
    rate,
    usdtInr,
    receivedInr,
    tdsInr: amount === 0n ? 0n : inrOf(r, amount, usdtInr),
    time: work.now,
  });
  return amount;
}

/** INR units of `amount` of what side `r` received: at its own rupee price on an INR pair. */
function inrOf(r: Receipt, amount: bigint, usdtInr: bigint): bigint {
  return r.inr
    ? rupeeValue((amount * r.priceUsdt) / ledgerOne)
    : inrValue(amount, r.priceUsdt, usdtInr);
}
