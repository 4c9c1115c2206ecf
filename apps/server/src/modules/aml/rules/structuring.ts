import { DAY_MS, rupees, type AmlHit } from './hit.js';
import {
  type StructuringSettings,
  STRUCTURING_DEFAULTS,
} from '../../../config/aml-rule-settings.js';

export { type StructuringSettings, STRUCTURING_DEFAULTS };

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
