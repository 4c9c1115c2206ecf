import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './money.js';

const E18 = 10n ** 18n;

describe('money', () => {
  it.each([
    ['1', E18],
    ['1.5', 15n * 10n ** 17n],
    ['0.000000000000000001', 1n],
    ['0.0000000000000000010', 1n],
    ['000.10', E18 / 10n],
    [0.1, E18 / 10n],
    [1e-7, 10n ** 11n],
    [2e21, 2000n * E18 * 10n ** 18n],
    [12.25, 1225n * 10n ** 16n],
  ])('parses %s exactly', (input, units) => {
    expect(parseAmount(input)).toBe(units);
  });

  it.each(['', 'abc', '-1', '1.', '.5', '1e3', '0.0000000000000000001', ' 1 2'])(
    'refuses %j',
    (input) => {
      expect(parseAmount(input)).toBeNull();
    },
  );

  it('refuses negative and non-finite numbers', () => {
    for (const n of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(parseAmount(n)).toBeNull();
  });

  it('respects a smaller number of decimals', () => {
    expect(parseAmount('1.25', 2)).toBe(125n);
    expect(parseAmount('1.255', 2)).toBeNull();
  });

  it('formats without trailing zeros', () => {
    expect(formatAmount(15n * 10n ** 17n)).toBe('1.5');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(1n)).toBe('0.000000000000000001');
    expect(formatAmount(-25n * 10n ** 17n)).toBe('-2.5');
    expect(formatAmount(125n, 2)).toBe('1.25');
    expect(formatAmount(30_000n * E18)).toBe('30000');
    expect(formatAmount(10n ** 17n)).toBe('0.1');
    expect(formatAmount(-1n)).toBe('-0.000000000000000001');
    expect(formatAmount(100n, 2)).toBe('1');
    expect(formatAmount(5n, 0)).toBe('5');
  });

  it('formats what it parses back to the same units', () => {
    for (const text of ['0', '1', '0.5', '30000.01', '0.000000000000000001', '123456789.123456789'])
      expect(formatAmount(parseAmount(text) as bigint)).toBe(text);
  });
});
