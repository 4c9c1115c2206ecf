import { describe, expect, it } from 'vitest';
import { VOLUME_SPIKE_DEFAULTS as S, dailyValues, volumeSpike } from './volume-spike.js';

const rs = (rupees: number) => BigInt(rupees) * 100n;

describe('volumeSpike', () => {
  it('fires on ₹6 lakh today against ₹15,000 a day (₹4.5 lakh over 30 days)', () => {
    const history = Array.from({ length: 30 }, () => rs(15_000));
    expect(volumeSpike('u', rs(6_00_000), history, S)).toMatchObject({
      rule: 'volume_spike',
      facts: { today: '600000.00', daily_average: '15000.00' },
    });
  });

  it('does not fire under ten times the average, or under ₹5 lakh', () => {
    const history = Array.from({ length: 30 }, () => rs(60_000));
    expect(volumeSpike('u', rs(5_99_999), history, S)).toBeNull();
    expect(volumeSpike('u', rs(4_99_999), [], S)).toBeNull();
    // A new user's first big day: no history, over ₹5 lakh, fires.
    expect(volumeSpike('u', rs(5_00_000), [], S)).not.toBeNull();
  });

  it('takes today and the earlier days from the user’s valued fills, 24-hour spans back from now', () => {
    const now = new Date(Date.UTC(2027, 5, 30, 12));
    const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const fills = [
      { at: ago(1), value: rs(4_00_000) },
      { at: ago(23), value: rs(2_00_000) },
      { at: ago(25), value: rs(10_000) },
      { at: ago(26), value: rs(5_000) },
      { at: ago(24 * 29 + 1), value: rs(15_000) },
      // Older than the 30 days before today: not history.
      { at: ago(24 * 31 + 1), value: rs(9_00_000) },
    ];
    const { today, history } = dailyValues(fills, now, 30);
    expect({ today, history }).toEqual({ today: rs(6_00_000), history: [rs(15_000), rs(15_000)] });
    expect(volumeSpike('u', today, history, S)).not.toBeNull();
  });
});
