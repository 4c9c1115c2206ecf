import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.js';
import { NO_TRADES } from '../market/rolling-window.js';
import { averagePrice } from './avg-price.js';

const units = (value: string) => parseAmount(value) as bigint;

const candle = (volume: string, quoteVolume: string) => ({
  start: 0,
  open: 0n,
  high: 0n,
  low: 0n,
  close: 0n,
  volume: units(volume),
  quoteVolume: units(quoteVolume),
  ...NO_TRADES,
});

describe('averagePrice (avgPrice over the last 5 minutes)', () => {
  it("is the window's quote volume over its volume", () => {
    // 1 BTC at 30,000 and 3 BTC at 30,400: 121,200 / 4.
    expect(averagePrice(candle('4', '121200'), units('1'))).toBe(units('30300'));
  });

  it('is the last price when nothing traded in the window, 0 when nothing ever did', () => {
    expect(averagePrice(null, units('29000'))).toBe(units('29000'));
    expect(averagePrice(candle('0', '0'), units('29000'))).toBe(units('29000'));
    expect(averagePrice(null, null)).toBe(0n);
  });
});
