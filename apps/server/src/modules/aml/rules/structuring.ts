import { DAY_MS, rupees, type AmlHit } from './hit.js';

export interface StructuringSettings {
  /** The reporting threshold deposits stay under (paise): ₹10 lakh, the cash-report line. */
  threshold: bigint;
  /** "Just under": within this percent below the threshold. */
  marginPercent: bigint;
  /** How many such deposits in the window fire the rule. */
  minCount: number;
  windowDays: number;
}

export const STRUCTURING_DEFAULTS: StructuringSettings = {
  threshold: 10_00_000_00n,
  marginPercent: 10n,
  minCount: 3,
  windowDays: 7,
};

/**
 * Structuring: many deposits just under a reporting threshold within days, splitting a sum so no
 * single deposit is reported. `deposits` are the user's, valued in paise; `now` ends the window.
 */
export function structuring(
  userId: string,
  deposits: readonly { at: Date; value: bigint }[],
  now: Date,
  s: StructuringSettings,
): AmlHit | null {
  const floor = s.threshold - (s.threshold * s.marginPercent) / 100n;
  const since = now.getTime() - s.windowDays * DAY_MS;
  const near = deposits.filter(
    (d) => d.at.getTime() >= since && d.at <= now && d.value >= floor && d.value < s.threshold,
  );
  if (near.length < s.minCount) return null;
  const total = near.reduce((t, d) => t + d.value, 0n);
  return {
    rule: 'structuring',
    risk: 'high',
    userIds: [userId],
    summary: `${near.length} deposits just under ₹${rupees(s.threshold)} in ${s.windowDays} days, ₹${rupees(total)} in all`,
    facts: { deposits: near.length, total: rupees(total), threshold: rupees(s.threshold) },
  };
}
