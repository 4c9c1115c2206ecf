import { describe, expect, it } from 'vitest';
import { ledgerOne } from '../../core/money.js';
import { BinanceError } from './errors.js';
import {
  foldCandles,
  rollingTickerWeight,
  toRollingTicker,
  windowRange,
  windowSizeMs,
} from './rolling-ticker.js';

const units = (n: number) => BigInt(n) * ledgerOne;
const candle = (open: number, high: number, low: number, volume: number) => ({
  open: units(open),
  high: units(high),
  low: units(low),
  volume: units(volume),
  quoteVolume: units(volume * open),
});

describe("Binance's rolling-window ticker", () => {
  it('takes windows of 1-59 minutes, 1-23 hours and 1-7 days, a day by default', () => {
    expect(windowSizeMs(undefined)).toBe(86_400_000);
    expect(windowSizeMs('1m')).toBe(60_000);
    expect(windowSizeMs('59m')).toBe(59 * 60_000);
    expect(windowSizeMs('23h')).toBe(23 * 3_600_000);
    expect(windowSizeMs('7d')).toBe(7 * 86_400_000);
    for (const bad of ['0m', '60m', '24h', '8d', '1w', '01m', '1', 'm', ' 1d'])
      expect(() => windowSizeMs(bad), bad).toThrow(BinanceError);
    expect(() => windowSizeMs('60m')).toThrow("parameter 'windowSize'");
  });

  it('opens the window at the start of its first minute and closes it now', () => {
    expect(windowRange(120_500, 60_000)).toEqual({ openTime: 60_000, closeTime: 120_500 });
    expect(windowRange(120_000, 60_000)).toEqual({ openTime: 60_000, closeTime: 120_000 });
    expect(windowRange(86_460_001, 86_400_000)).toEqual({
      openTime: 60_000,
      closeTime: 86_460_001,
    });
  });

  it('weighs 4 per symbol, at most 200', () => {
    const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `S${i}`));
    expect(rollingTickerWeight({ symbol: 'BTCUSDT' })).toBe(4);
    expect(rollingTickerWeight({ symbols: list(3) })).toBe(12);
    expect(rollingTickerWeight({ symbols: list(50) })).toBe(200);
    expect(rollingTickerWeight({ symbols: list(51) })).toBe(200);
    expect(rollingTickerWeight({ symbols: 'junk' })).toBe(4);
  });

  it('folds candles into the first open, the extremes and the summed volumes', () => {
    expect(foldCandles([], { firstId: -1, lastId: -1 })).toEqual({
      open: null,
      high: null,
      low: null,
      volume: 0n,
      quoteVolume: 0n,
      firstId: -1,
      lastId: -1,
    });
    const ids = { firstId: 7, lastId: 11 };
    expect(foldCandles([candle(10, 12, 9, 1), candle(11, 15, 8, 2)], ids)).toEqual({
      open: units(10),
      high: units(15),
      low: units(8),
      volume: units(3),
      quoteVolume: units(32),
      firstId: 7,
      lastId: 11,
    });
  });

  it('answers FULL with the change and average, MINI without them', () => {
    const ids = { firstId: 7, lastId: 11 };
    const window = foldCandles([candle(10, 12, 9, 1), candle(11, 15, 8, 2)], ids);
    const range = { openTime: 1000, closeTime: 61_000 };
    const full = toRollingTicker('BTCUSDT', units(12), window, range, 'FULL');
    expect(full).toMatchObject({ firstId: 7, lastId: 11, count: 5 });
    expect(full).toMatchObject({
      symbol: 'BTCUSDT',
      priceChange: '2.00000000',
      priceChangePercent: '20.00',
      openPrice: '10.00000000',
      highPrice: '15.00000000',
      lowPrice: '8.00000000',
      lastPrice: '12.00000000',
      volume: '3.00000000',
      openTime: 1000,
      closeTime: 61_000,
    });
    const mini = toRollingTicker('BTCUSDT', units(12), window, range, 'MINI');
    expect(mini).not.toHaveProperty('priceChange');
    expect(mini).not.toHaveProperty('weightedAvgPrice');
    expect(mini).toMatchObject({
      openPrice: '10.00000000',
      lastPrice: '12.00000000',
      quoteVolume: '32.00000000',
    });
  });
});
