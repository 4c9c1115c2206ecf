import { describe, expect, it } from 'vitest';
import { applyTicker, applyTrade, bucketOf, type Bar } from './chart-model';

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
});
