import { describe, expect, it } from 'vitest';
import { parseTokenAmount } from './token-amount.js';

describe('parseTokenAmount', () => {
  it('converts decimal text to exact base units', () => {
    expect(parseTokenAmount('12.5', 6)).toBe(12_500_000n);
    expect(parseTokenAmount('0.000001', 6)).toBe(1n);
    expect(parseTokenAmount('.5', 2)).toBe(50n);
    expect(parseTokenAmount('7.', 0)).toBe(7n);
    expect(parseTokenAmount(' 3 ', 18)).toBe(3n * 10n ** 18n);
    // Beyond float precision: 2^53 + 1 wei-like units survive intact.
    expect(parseTokenAmount('9007199254740993.000000000000000001', 18)).toBe(
      9007199254740993000000000000000001n,
    );
  });

  it('refuses digits the token cannot hold, but not trailing zeros', () => {
    expect(parseTokenAmount('1.0000001', 6)).toBeNull();
    expect(parseTokenAmount('1.5', 0)).toBeNull();
    expect(parseTokenAmount('1.000000000', 6)).toBe(1_000_000n);
  });

  it('refuses text that is not a plain non-negative decimal', () => {
    for (const bad of ['', '.', '-1', '1e6', '0x10', '1,5', '1.2.3', 'NaN', '+1']) {
      expect(parseTokenAmount(bad, 6)).toBeNull();
    }
  });
});
