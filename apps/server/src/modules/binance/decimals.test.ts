import { describe, expect, it } from 'vitest';
import { ledgerOne } from '../../core/money.js';
import { binanceAmount, binanceDecimal, binanceLevel } from './decimals.js';

describe("Binance's decimals", () => {
  it('pads prices and quantities to 8 places, as Binance writes them', () => {
    expect(binanceDecimal('30000')).toBe('30000.00000000');
    expect(binanceDecimal('0.5')).toBe('0.50000000');
    expect(binanceDecimal('0')).toBe('0.00000000');
    expect(binanceDecimal('-94.999998')).toBe('-94.99999800');
    expect(binanceAmount(3n * ledgerOne)).toBe('3.00000000');
    expect(binanceLevel(['29000', '0.25'])).toEqual(['29000.00000000', '0.25000000']);
  });

  it('keeps every place of a finer amount rather than change it', () => {
    expect(binanceDecimal('0.123456789')).toBe('0.123456789');
    expect(binanceAmount(1n)).toBe('0.000000000000000001');
  });
});
