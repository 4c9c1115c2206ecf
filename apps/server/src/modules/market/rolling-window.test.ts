import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, NO_TRADES, RollingWindow, tradeCount } from './rolling-window.js';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
let nextId = 1;
/** A trade of the next id; a taker buy unless `takerBuy` is false. */
const trade = (time: number, price: bigint, quantity: bigint, quote: bigint, takerBuy = true) => ({
  id: nextId++,
  time,
  price,
  quantity,
  quote,
  takerBuy,
});
const minute = (start: number, price: bigint) => ({
  start,
  open: price,
  high: price,
  low: price,
  close: price,
  volume: 1n,
  quoteVolume: price,
  ...NO_TRADES,
});

describe('RollingWindow', () => {
  it('is empty with no trades', () => {
    expect(new RollingWindow().stats()).toEqual({
      open: null,
      high: null,
      low: null,
      volume: 0n,
      quoteVolume: 0n,
      firstId: -1,
      lastId: -1,
    });
  });

  it('folds trades of one minute into one candle and sums the day', () => {
    const window = new RollingWindow();
    const first = nextId;
    window.add(trade(T0 + 1_000, 100n, 2n, 200n));
    window.add(trade(T0 + 30_000, 110n, 1n, 110n, false));
    window.add(trade(T0 + 59_999, 90n, 1n, 90n));
    window.add(trade(T0 + MINUTE_MS, 95n, 3n, 285n, false));
    const stats = window.stats();
    expect(stats).toEqual({
      open: 100n,
      high: 110n,
      low: 90n,
      volume: 7n,
      quoteVolume: 685n,
      firstId: first,
      lastId: first + 3,
    });
    expect(tradeCount(stats)).toBe(4);
    // The first minute's trades, takers' buys apart; the second minute alone from its start.
    expect(window.since(T0)).toMatchObject({ takerBuyVolume: 3n, takerBuyQuote: 290n });
    expect(window.since(T0 + MINUTE_MS)).toMatchObject({
      firstId: first + 3,
      lastId: first + 3,
      takerBuyVolume: 0n,
    });
  });

  it('drops the minutes that leave the 24 hours, and says so', () => {
    const window = new RollingWindow();
    window.add(trade(T0, 100n, 1n, 100n));
    window.add(trade(T0 + MINUTE_MS, 120n, 1n, 120n));
    expect(window.expire(T0 + DAY_MS)).toBe(false);
    expect(window.expire(T0 + DAY_MS + MINUTE_MS)).toBe(true);
    expect(window.stats()).toMatchObject({ open: 120n, high: 120n, low: 120n, volume: 1n });
    expect(window.expire(T0 + DAY_MS + 2 * MINUTE_MS)).toBe(true);
    expect(window.stats().open).toBeNull();
  });

  it('puts a trade whose clock stepped back into its own older minute, keeping the close', () => {
    const window = new RollingWindow();
    window.load([minute(T0, 100n), minute(T0 + MINUTE_MS, 105n)]);
    const late = nextId;
    window.add(trade(T0 + 10_000, 80n, 2n, 160n));
    expect(window.stats()).toEqual({
      open: 100n,
      high: 105n,
      low: 80n,
      volume: 4n,
      quoteVolume: 365n,
      firstId: late,
      lastId: late,
    });
    // Only one minute expires, the older one the late trade went into.
    expect(window.expire(T0 + DAY_MS + MINUTE_MS)).toBe(true);
    expect(window.stats()).toMatchObject({ open: 105n, low: 105n, volume: 1n });
  });
});
