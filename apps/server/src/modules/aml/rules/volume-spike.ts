import { DAY_MS, rupees, type AmlHit } from './hit.js';
import {
  type VolumeSpikeSettings,
  VOLUME_SPIKE_DEFAULTS,
} from '../../../config/aml-rule-settings.js';

export { type VolumeSpikeSettings, VOLUME_SPIKE_DEFAULTS };

/**
 * Sudden volume against the user's own history: today's traded value at least `multiple` times
 * the daily average of the previous `historyDays` (days without trading count as 0), and above
 * `minValue`. `history` is one value per earlier day that had fills.
 */
export function volumeSpike(
  userId: string,
  today: bigint,
  history: readonly bigint[],
  s: VolumeSpikeSettings,
): AmlHit | null {
  if (today < s.minValue) return null;
  const total = history.reduce((t, v) => t + v, 0n);
  const days = BigInt(s.historyDays);
  // today ≥ multiple × total / days, without the division's rounding.
  if (today * days < s.multiple * total) return null;
  const average = total / days;
  return {
    rule: 'volume_spike',
    risk: 'medium',
    userIds: [userId],
    summary: `Traded ₹${rupees(today)} today against ₹${rupees(average)} a day over ${s.historyDays} days`,
    facts: { today: rupees(today), daily_average: rupees(average), history_days: s.historyDays },
  };
}

/**
 * The user's traded value in the last 24 hours and in each of the `days` 24-hour spans before
 * (rolling from `now`, so no time zone decides where a day ends): the rule's `today` and
 * `history` from the user's valued fills.
 */
export function dailyValues(
  fills: readonly { at: Date; value: bigint }[],
  now: Date,
  days: number,
): { today: bigint; history: bigint[] } {
  const history = Array.from({ length: days }, () => 0n);
  let today = 0n;
  for (const f of fills) {
    const age = Math.floor((now.getTime() - f.at.getTime()) / DAY_MS);
    if (age < 0 || age > days) continue;
    if (age === 0) today += f.value;
    else history[age - 1] = (history[age - 1] ?? 0n) + f.value;
  }
  return { today, history: history.filter((v) => v > 0n) };
}
