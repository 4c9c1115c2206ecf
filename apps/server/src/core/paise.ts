import { INR_DECIMALS } from '@exchange/contracts';
import { LEDGER_DECIMALS, ledgerOne } from './money.js';

/**
 * The rupee is exact to the paisa (issue 47). One rule for every rupee amount the exchange works
 * out rather than is given:
 *
 * - a rupee VALUE, a price × a quantity (a fill on a rupee pair, what a rupee buy order holds, a
 *   coin valued in rupees for TDS), is rounded DOWN to the paisa. A fill's one rounded amount is
 *   both what the buyer pays and the seller's gross: nothing is left over, and a buy order's hold
 *   (its limit × volume, rounded down the same way) always covers its fills, since the sum of
 *   rounded-down parts never exceeds the rounded-down whole;
 * - a rupee CHARGE, a rate × a rupee amount (the fee, the TDS), is worked out on that rounded
 *   amount and rounded UP to the paisa: never less than the schedule or the law asks, more by
 *   under a paisa;
 * - a rupee balance finer than the paisa (from before the rule) gives its remainder to the
 *   `rounding` system account (migration 20261129220000-rupee-paise).
 *
 * Amounts are ledger units (10^-18 of a rupee), rates fractions of 10^18, never negative here.
 */
export const PAISA = 10n ** BigInt(LEDGER_DECIMALS - INR_DECIMALS);

/** A rupee value (price × quantity) rounded down to the paisa. */
export const rupeeValue = (units: bigint): bigint => units - (units % PAISA);

/** A rupee charge: `amount` × `rate`, rounded up to the paisa. */
export function rupeeCharge(amount: bigint, rate: bigint): bigint {
  const step = ledgerOne * PAISA;
  return ((amount * rate + step - 1n) / step) * PAISA;
}

/** Whether `units` of the rupee are a whole number of paise. */
export const isWholePaise = (units: bigint): boolean => units % PAISA === 0n;
