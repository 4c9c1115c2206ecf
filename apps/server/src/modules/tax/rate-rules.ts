import type { UsdtInrBounds } from '../../config/amount-settings.js';

/** How a USDT/INR rate change may go ahead (review N4-H2). */
export type RateChange = 'out_of_bounds' | 'one_admin' | 'two_admins';

/** `rate` is within `bandPercent` % of `market` (all ledger units; 5e18 is 5 %). */
export function withinBand(rate: bigint, market: bigint, bandPercent: bigint): boolean {
  const gap = rate > market ? rate - market : market - rate;
  return gap * 100n * 10n ** 18n <= market * bandPercent;
}

/**
 * Who may put `rate` in force: nobody outside the hard bounds [min, max]; one admin within the
 * band of the USDTINR market's own price; otherwise (the band missed, or no market price to
 * compare with) a second, different admin approves it.
 */
export function rateChange(rate: bigint, market: bigint | null, bounds: UsdtInrBounds): RateChange {
  if (rate < bounds.min || rate > bounds.max) return 'out_of_bounds';
  return market !== null && withinBand(rate, market, bounds.bandPercent)
    ? 'one_admin'
    : 'two_admins';
}
