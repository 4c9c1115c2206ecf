import { describe, expect, it } from 'vitest';
import { toPair } from '../../core/trading/pairs.js';
import { coin } from '../../testing/reviews.js';
import { checkedLots, checkedTicks, quoteBudget } from './order-filters.js';

/** BTC/USDT with a tick of 0.01 and a lot of 0.001 (one step of notional: 0.00001 USDT). */
const btcUsdt = toPair(
  {
    id: 'p1',
    tick_size: '0.01',
    lot_size: '0.001',
    min_notional: '1',
    maker_fee: '0.001',
    taker_fee: '0.001',
    status: 'trading',
    symbol_origin: 'listed',
  },
  coin('BTC'),
  coin('USDT'),
);

const refusal = (reason: string | undefined, message: RegExp) =>
  expect.objectContaining({
    code: 'BAD_REQUEST',
    message: expect.stringMatching(message),
    data: reason && { reason },
  });

describe('order filters', () => {
  it('reads a price as whole ticks of the pair', () => {
    expect(checkedTicks(btcUsdt, '100.25', 'Price')).toBe(10025);
    expect(checkedTicks(btcUsdt, '0.01', 'Stop price')).toBe(1);
  });

  it('refuses a price off the tick, zero, missing or past the engine’s bound, naming which price', () => {
    for (const price of ['100.255', '0', '-1', 'abc', undefined])
      expect(() => checkedTicks(btcUsdt, price, 'Stop price')).toThrow(
        refusal('PRICE_FILTER', /^Stop price must be .*0\.01 USDT/),
      );
    expect(() => checkedTicks(btcUsdt, '99999999', 'Price')).toThrow(
      refusal('PRICE_FILTER', /too high/),
    );
  });

  it('reads a volume as whole lots, refusing one off the lot, zero or too large', () => {
    expect(checkedLots(btcUsdt, '1.5')).toBe(1500);
    for (const volume of ['0.0005', '0', undefined])
      expect(() => checkedLots(btcUsdt, volume)).toThrow(
        refusal('LOT_SIZE', /^Volume must be a positive multiple of 0\.001 BTC$/),
      );
    expect(() => checkedLots(btcUsdt, '1000000')).toThrow(refusal('LOT_SIZE', /too large/));
  });

  it('spends a market buy’s quote in whole notional steps, rounded down', () => {
    expect(quoteBudget(btcUsdt, 'buy', '1')).toBe(100_000);
    expect(quoteBudget(btcUsdt, 'buy', '1.000009')).toBe(100_000);
  });

  it('refuses a quote budget on a sell, under one step, or past the bounds', () => {
    expect(() => quoteBudget(btcUsdt, 'sell', '1')).toThrow(refusal(undefined, /market buy/));
    for (const quote of ['0.000009', '0', 'x', undefined])
      expect(() => quoteBudget(btcUsdt, 'buy', quote)).toThrow(refusal(undefined, /positive/));
    expect(() => quoteBudget(btcUsdt, 'buy', '100000000000000')).toThrow(
      refusal(undefined, /too large/),
    );
  });
});
