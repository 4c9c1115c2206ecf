import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID_WINDOW_MS,
  clientIdUse,
  idsToForget,
  type OrderShape,
} from './client-order-ids.js';

const now = new Date('2026-12-03T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const shape: OrderShape = {
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  priceTicks: 300,
  stopTicks: null,
  lots: 5,
  oco: false,
};
const earlier = (status: 'open' | 'filled' | 'cancelled', placedAgo: number, s = shape) => ({
  status,
  createdAt: ago(placedAgo),
  shape: s,
});

describe('clientIdUse', () => {
  it('an id never used is a new order', () => {
    expect(clientIdUse(undefined, shape, now)).toBe('new');
  });

  it('the same order again is a retry while open, and within the window once closed', () => {
    expect(clientIdUse(earlier('open', 2 * CLIENT_ID_WINDOW_MS), shape, now)).toBe('retry');
    expect(clientIdUse(earlier('filled', CLIENT_ID_WINDOW_MS - 1), shape, now)).toBe('retry');
  });

  it('a closed order past the window frees its id', () => {
    expect(clientIdUse(earlier('cancelled', CLIENT_ID_WINDOW_MS), shape, now)).toBe('new');
  });

  it('another order under a held id is refused, whatever differs', () => {
    const others: Partial<OrderShape>[] = [
      { symbol: 'ETHUSDT' },
      { side: 'sell' },
      { type: 'market', priceTicks: null },
      { priceTicks: 301 },
      { stopTicks: 290 },
      { lots: 6 },
      { oco: true },
    ];
    for (const other of others)
      expect(clientIdUse(earlier('filled', 1000), { ...shape, ...other }, now)).toBe('taken');
  });

  it('a market buy by quote amount matches whatever volume it came to', () => {
    const market = { ...shape, type: 'market' as const, priceTicks: null };
    expect(
      clientIdUse(earlier('filled', 10, { ...market, lots: 7 }), { ...market, lots: null }, now),
    ).toBe('retry');
  });
});

describe('idsToForget', () => {
  const entry = (key: string, status: 'open' | 'filled', placedAgo: number) =>
    [key, { status, createdAt: ago(placedAgo) }] as [
      string,
      { status: 'open' | 'filled'; createdAt: Date },
    ];

  it('forgets closed orders past the window, never open ones', () => {
    const entries = [
      entry('old-open', 'open', 3 * CLIENT_ID_WINDOW_MS),
      entry('old-closed', 'filled', CLIENT_ID_WINDOW_MS + 1),
      entry('recent', 'filled', 1000),
    ];
    expect(idsToForget(entries, now)).toEqual(['old-closed']);
  });

  it('beyond the cap, forgets the oldest closed ones first', () => {
    const entries = [
      entry('a', 'filled', 500),
      entry('b', 'open', 400),
      entry('c', 'filled', 300),
      entry('d', 'filled', 200),
    ];
    expect(idsToForget(entries, now, 1)).toEqual(['a', 'c']);
  });
});
