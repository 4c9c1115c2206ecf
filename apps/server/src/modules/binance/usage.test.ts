import { describe, expect, it } from 'vitest';
import { BinanceUsage, DAY_MS, FixedWindows, MINUTE_MS, REFUSALS_BEFORE_BAN } from './usage.js';

const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);
const limits = { weightPerMinute: 100, ordersPer10s: 3, ordersPerDay: 5 };

describe('fixed windows', () => {
  it('counts per key and starts over at each window boundary of the clock', () => {
    const w = new FixedWindows(MINUTE_MS);
    expect(w.add('a', 5, T0 + 1_000)).toBe(5);
    expect(w.add('a', 5, T0 + 59_999)).toBe(10);
    expect(w.add('b', 1, T0 + 59_999)).toBe(1);
    expect(w.secondsLeft(T0 + 59_000)).toBe(1);
    expect(w.secondsLeft(T0 + 500)).toBe(60);
    expect(w.count('a', T0 + MINUTE_MS)).toBe(0);
  });
});

describe("Binance's usage limits", () => {
  it('reports the weight used and refuses past the minute limit until the minute ends', () => {
    const usage = new BinanceUsage(limits);
    expect(usage.weigh('1.2.3.4', 60, T0)).toEqual({ used: 60 });
    expect(usage.weigh('1.2.3.4', 40, T0 + 1_000)).toEqual({ used: 100 });
    expect(usage.weigh('1.2.3.4', 1, T0 + 45_000)).toEqual({
      used: 101,
      refusal: { kind: 'weight', status: 429, retryAfterSeconds: 15 },
    });
    expect(usage.weigh('5.6.7.8', 1, T0 + 45_000)).toEqual({ used: 1 });
    expect(usage.weigh('1.2.3.4', 1, T0 + MINUTE_MS)).toEqual({ used: 1 });
  });

  it('bans an address that keeps calling after refusals, longer at each ban', () => {
    const usage = new BinanceUsage(limits);
    usage.weigh('ip', 100, T0);
    for (let i = 0; i < REFUSALS_BEFORE_BAN; i++)
      expect(usage.weigh('ip', 1, T0 + 1).refusal?.status).toBe(429);
    const first = usage.weigh('ip', 1, T0 + 2).refusal;
    expect(first).toEqual({
      kind: 'banned',
      status: 418,
      retryAfterSeconds: 120,
      until: T0 + 2 + 120_000,
    });
    // Banned even in the next minute, with nothing used.
    expect(usage.weigh('ip', 1, T0 + 90_000).refusal?.status).toBe(418);
    const afterBan = T0 + 2 + 120_000;
    expect(usage.weigh('ip', 1, afterBan)).toEqual({ used: 1 });
    usage.weigh('ip', 100, afterBan);
    for (let i = 0; i < REFUSALS_BEFORE_BAN; i++) usage.weigh('ip', 1, afterBan + 1);
    expect(usage.weigh('ip', 1, afterBan + 2).refusal).toMatchObject({ retryAfterSeconds: 240 });
  });

  it('counts new orders per 10 seconds and per day, and refuses without counting past either', () => {
    const usage = new BinanceUsage(limits);
    expect(usage.order('u', T0)).toEqual({ tenSeconds: 1, day: 1 });
    usage.order('u', T0 + 1);
    usage.order('u', T0 + 2);
    expect(usage.order('u', T0 + 3)).toEqual({
      tenSeconds: 3,
      day: 3,
      refusal: { interval: '10s', limit: 3, retryAfterSeconds: 10 },
    });
    usage.order('u', T0 + 10_000);
    usage.order('u', T0 + 10_001);
    expect(usage.order('u', T0 + 10_002)).toEqual({
      tenSeconds: 2,
      day: 5,
      refusal: { interval: '1d', limit: 5, retryAfterSeconds: 14 * 3600 - 10 },
    });
    expect(usage.orderCounts('u', T0 + DAY_MS)).toEqual({ tenSeconds: 0, day: 0 });
    expect(usage.orderCounts('other', T0)).toEqual({ tenSeconds: 0, day: 0 });
  });
});
