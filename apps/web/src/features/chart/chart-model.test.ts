import { describe, expect, it } from 'vitest';
import {
  applyTicker,
  applyTrade,
  bucketOf,
  openingRange,
  priceAxisFormatter,
  pricePrecision,
  type Bar,
} from './chart-model';

const bar: Bar = { time: 600, open: 10, high: 12, low: 9, close: 11, volume: 3 };
const trade = (price: string, quantity: string, seconds: number) => ({
  id: '1',
  symbol: 'BTCUSDT',
  price,
  quantity,
  time: seconds * 1000,
  side: 'buy' as const,
});

describe('chart model', () => {
  it('opens on the last 100 candles, or all of them when fewer (walk-3 D23)', () => {
    expect(openingRange(864)).toEqual({ from: 764, to: 866 });
    expect(openingRange(100)).toBeNull();
  });

  it('groups the price axis as the book does (walk-3 D23)', () => {
    expect(priceAxisFormatter(2)(104000)).toBe('1,04,000.00');
    expect(priceAxisFormatter(4)(0.5)).toBe('0.5000');
  });

  it('buckets by the interval', () => {
    expect(bucketOf(899, '5m')).toBe(600);
    expect(bucketOf(900, '5m')).toBe(900);
  });

  it('moves the live candle with a trade, or opens the next one', () => {
    expect(applyTrade(bar, trade('13', '2', 700), '5m')).toEqual({
      ...bar,
      high: 13,
      close: 13,
      volume: 5,
    });
    expect(applyTrade(bar, trade('8', '1', 900), '5m')).toMatchObject({
      time: 900,
      open: 8,
      close: 8,
      volume: 1,
      fresh: true,
    });
  });

  it('lets the ticker widen the candle and move its close (D5), and opens the next bucket', () => {
    expect(applyTicker(bar, 8.5, 700, '5m')).toEqual({ ...bar, low: 8.5, close: 8.5 });
    expect(applyTicker(bar, undefined, 950, '5m')).toMatchObject({
      time: 900,
      open: 11,
      volume: 0,
    });
  });

  it("shows 2 decimals, or as many as the pair's prices carry (up to 8)", () => {
    const candle = (close: string) => ({
      time: 0,
      open: '1',
      high: close,
      low: '1',
      close,
      volume: '1',
      quote_volume: '1',
    });
    expect(pricePrecision([])).toBe(2);
    expect(pricePrecision([candle('97048.5')])).toBe(2);
    expect(pricePrecision([candle('0.2501'), candle('0.25')])).toBe(4);
    expect(pricePrecision([candle('0.00002204')])).toBe(8);
    expect(pricePrecision([candle('0.0000000001')])).toBe(8);
  });
});
