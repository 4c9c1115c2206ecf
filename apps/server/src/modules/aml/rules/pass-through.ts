import { HOUR_MS, rupees, type AmlHit } from './hit.js';
import {
  type PassThroughSettings,
  PASS_THROUGH_DEFAULTS,
} from '../../../config/aml-rule-settings.js';

export { type PassThroughSettings, PASS_THROUGH_DEFAULTS };

/** A user's money in and out around one withdrawal, valued in paise. */
export interface PassThroughInput {
  userId: string;
  withdrawal: { at: Date; value: bigint };
  deposits: readonly { at: Date; value: bigint }[];
  fills: readonly { at: Date; value: bigint }[];
}

/**
 * Pass-through: money deposited and withdrawn again within hours with little trading between,
 * the exchange used as a conduit (layering). Fires on the withdrawal.
 */
export function passThrough(input: PassThroughInput, s: PassThroughSettings): AmlHit | null {
  const end = input.withdrawal.at.getTime();
  const start = end - s.windowHours * HOUR_MS;
  const within = (e: { at: Date }) => e.at.getTime() >= start && e.at.getTime() <= end;
  const sum = (xs: readonly { at: Date; value: bigint }[]) =>
    xs.filter(within).reduce((t, x) => t + x.value, 0n);
  const deposited = sum(input.deposits);
  const traded = sum(input.fills);
  const withdrawn = input.withdrawal.value;
  if (deposited < s.minDeposits) return null;
  if (withdrawn * 100n < deposited * s.minWithdrawnPercent) return null;
  if (traded * 100n >= deposited * s.maxTradedPercent) return null;
  return {
    rule: 'pass_through',
    risk: 'high',
    userIds: [input.userId],
    summary: `Deposited ₹${rupees(deposited)} and withdrew ₹${rupees(withdrawn)} within ${s.windowHours} h, trading ₹${rupees(traded)}`,
    facts: {
      deposited: rupees(deposited),
      withdrawn: rupees(withdrawn),
      traded: rupees(traded),
      window_hours: s.windowHours,
    },
  };
}
