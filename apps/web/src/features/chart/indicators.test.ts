import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from './indicators';

const close = (series: (number | null)[], digits = 6) =>
  series.map((v) => (v === null ? null : Number(v.toFixed(digits))));

describe('chart indicators', () => {
  it('moving averages: simple over the period, exponential seeded with the simple one', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // k = 2/4 = 0.5: 2, then 4×0.5 + 2×0.5 = 3, then 5×0.5 + 3×0.5 = 4.
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // k = 0.5 again: seed (2+4+6)/3 = 4, then 10×0.5 + 4×0.5 = 7, then 1×0.5 + 7×0.5 = 4.
    expect(ema([2, 4, 6, 10, 1], 3)).toEqual([null, null, 4, 7, 4]);
  });

  it('Bollinger bands: the mean ± k population standard deviations', () => {
    // [2, 4, 6]: mean 4, deviation sqrt((4+0+4)/3) = 1.632993; [4, 6, 6]: mean 5.333333,
    // deviation sqrt((1.777778+0.444444+0.444444)/3) = 0.942809.
    const bands = bollinger([2, 4, 6, 6], 3, 2);
    expect(close(bands.middle)).toEqual([null, null, 4, 5.333333]);
    expect(close(bands.upper)).toEqual([null, null, 7.265986, 7.218951]);
    expect(close(bands.lower)).toEqual([null, null, 0.734014, 3.447715]);
  });

  it('RSI with Wilder smoothing; 100 when nothing fell', () => {
    // Changes +1, -1, +2 over period 2: gains 0.5 and losses 0.5 → 50; then gain (0.5+2)/2 = 1.25,
    // loss 0.25 → RS 5 → 100 - 100/6.
    expect(close(rsi([1, 2, 1, 3], 2))).toEqual([null, null, 50, 83.333333]);
    expect(rsi([1, 2, 3], 2)).toEqual([null, null, 100]);
  });

  it('MACD: fast EMA less slow, the signal EMA of it, and the histogram', () => {
    // fast 2 (k 2/3), slow 3 (k 1/2), signal 2 over 1, 2, 3, 4, 5:
    // fast: -, 1.5, 2.5, 3.5, 4.5; slow: -, -, 2, 3, 4; line: -, -, 0.5, 0.5, 0.5.
    const m = macd([1, 2, 3, 4, 5], 2, 3, 2);
    expect(close(m.line)).toEqual([null, null, 0.5, 0.5, 0.5]);
    expect(close(m.signal)).toEqual([null, null, null, 0.5, 0.5]);
    expect(close(m.histogram)).toEqual([null, null, null, 0, 0]);
    expect(macd([1, 2], 2, 3, 2).signal).toEqual([null, null]);
  });
});
