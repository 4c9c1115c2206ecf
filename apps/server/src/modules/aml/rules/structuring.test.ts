import { describe, expect, it } from 'vitest';
import { STRUCTURING_DEFAULTS as S, structuring } from './structuring.js';

const d = (day: number) => new Date(Date.UTC(2027, 5, day));
const rs = (rupees: number) => BigInt(rupees) * 100n;

describe('structuring', () => {
  it('fires on three deposits between ₹9 lakh and ₹10 lakh within a week', () => {
    const deposits = [1, 3, 5].map((day) => ({ at: d(day), value: rs(9_50_000) }));
    expect(structuring('u', deposits, d(6), S)).toMatchObject({
      rule: 'structuring',
      facts: { deposits: 3, total: '2850000.00', threshold: '1000000.00' },
    });
  });

  it('does not fire on deposits at or over the threshold, too small, or spread out', () => {
    const at = (values: number[], days = [1, 3, 5]) =>
      values.map((v, i) => ({ at: d(days[i]!), value: rs(v) }));
    expect(structuring('u', at([10_00_000, 10_00_000, 10_00_000]), d(6), S)).toBeNull();
    expect(structuring('u', at([8_99_999, 9_50_000, 9_50_000]), d(6), S)).toBeNull();
    expect(structuring('u', at([9_50_000, 9_50_000, 9_50_000], [1, 10, 20]), d(21), S)).toBeNull();
  });
});
