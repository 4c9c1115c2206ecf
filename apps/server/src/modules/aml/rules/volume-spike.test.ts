import { describe, expect, it } from 'vitest';
import { VOLUME_SPIKE_DEFAULTS as S, volumeSpike } from './volume-spike.js';

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
});
