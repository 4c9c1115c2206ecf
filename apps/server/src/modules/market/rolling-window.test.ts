import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, RollingWindow } from './rolling-window.js';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('RollingWindow', () => {
  it('is empty with no trades', () => {
    expect(new RollingWindow().stats()).toEqual({
      open: null,
      high: null,
      low: null,
      volume: 0n,
      quoteVolume: 0n,
    });
  });

  it('folds trades of one minute into one candle and sums the day', () => {
    const window = new RollingWindow();
    window.add(T0 + 1_000, 100n, 2n, 200n);
    window.add(T0 + 30_000, 110n, 1n, 110n);
    window.add(T0 + 59_999, 90n, 1n, 90n);
    window.add(T0 + MINUTE_MS, 95n, 3n, 285n);
    expect(window.stats()).toEqual({
      open: 100n,
      high: 110n,
      low: 90n,
      volume: 7n,
      quoteVolume: 685n,
    });
  });

  it('drops the minutes that leave the 24 hours, and says so', () => {
    const window = new RollingWindow();
    window.add(T0, 100n, 1n, 100n);
    window.add(T0 + MINUTE_MS, 120n, 1n, 120n);
    expect(window.expire(T0 + DAY_MS)).toBe(false);
    expect(window.expire(T0 + DAY_MS + MINUTE_MS)).toBe(true);
    expect(window.stats()).toMatchObject({ open: 120n, high: 120n, low: 120n, volume: 1n });
    expect(window.expire(T0 + DAY_MS + 2 * MINUTE_MS)).toBe(true);
    expect(window.stats().open).toBeNull();
  });

  it('puts a trade whose clock stepped back into its own older minute, keeping the close', () => {
    const window = new RollingWindow();
    window.load([
      { start: T0, open: 100n, high: 100n, low: 100n, close: 100n, volume: 1n, quoteVolume: 100n },
      {
        start: T0 + MINUTE_MS,
        open: 105n,
        high: 105n,
        low: 105n,
        close: 105n,
        volume: 1n,
        quoteVolume: 105n,
      },
    ]);
    window.add(T0 + 10_000, 80n, 2n, 160n);
    expect(window.stats()).toEqual({
      open: 100n,
      high: 105n,
      low: 80n,
      volume: 4n,
      quoteVolume: 365n,
    });
    // Only one minute expires, the older one the late trade went into.
    expect(window.expire(T0 + DAY_MS + MINUTE_MS)).toBe(true);
    expect(window.stats()).toMatchObject({ open: 105n, low: 105n, volume: 1n });
  });
});
