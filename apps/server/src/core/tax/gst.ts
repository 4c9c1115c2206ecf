import { ledgerOne } from '../money.js';

/**
 * GST on the exchange's fee (a service: 18% by default, `GST_RATE`). The fee a pair's rate asks
 * is what the user pays, GST included: of a fee F at rate r the taxable value is F / (1 + r)
 * rounded DOWN to the step (one ledger unit of a coin, one paisa of the rupee), and the GST the
 * rest, so taxable + GST = F exactly and the GST is never below what the law asks.
 * Rates are fractions of 10^18 (18% is 18 × 10^16); `step` divides `fee`.
 */
export function gstIncluded(fee: bigint, rate: bigint, step = 1n): bigint {
  if (rate === 0n || fee === 0n) return 0n;
  const scale = (ledgerOne + rate) * step;
  return ((fee * rate + scale - 1n) / scale) * step;
}

/** One side's GST as a return and an invoice split it. */
export interface GstSplit {
  taxable: bigint;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

/**
 * Splits `gst` on a `fee`: within the exchange's state (`intraState`) into CGST and SGST halves,
 * whole steps each, an odd step going to CGST; otherwise all IGST.
 */
export function splitGst(fee: bigint, gst: bigint, intraState: boolean, step = 1n): GstSplit {
  const taxable = fee - gst;
  if (!intraState) return { taxable, cgst: 0n, sgst: 0n, igst: gst };
  const sgst = (gst / (2n * step)) * step;
  return { taxable, cgst: gst - sgst, sgst, igst: 0n };
}

/**
 * Whether a supply is within the exchange's state. The place of supply of a service to an
 * unregistered person is the recipient's address on record, and where there is none the
 * supplier's location (IGST Act s. 12(2)): a user with no state on record is charged as local.
 */
export const isIntraState = (exchangeState: string, userState: string | null): boolean =>
  userState === null || userState === exchangeState;
