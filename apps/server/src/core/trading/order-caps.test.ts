import { describe, expect, it } from 'vitest';
import { capExceeded, DEFAULT_ORDER_CAPS, stopValueTicks } from './order-caps.js';

describe('capExceeded', () => {
  const caps = { openOrdersPerPair: 3, stopsPerPair: 1 };

  it('lets orders in up to the cap and refuses the one past it', () => {
    expect(capExceeded({ orders: 2, stops: 0 }, { orders: 1, stops: 0 }, caps)).toBeNull();
    expect(capExceeded({ orders: 3, stops: 0 }, { orders: 1, stops: 0 }, caps)).toBe('orders');
  });

  it('counts both orders of an OCO against the open-order cap', () => {
    expect(capExceeded({ orders: 2, stops: 0 }, { orders: 2, stops: 1 }, caps)).toBe('orders');
  });

  it('refuses a stop past the stop cap even with room for open orders', () => {
    expect(capExceeded({ orders: 1, stops: 1 }, { orders: 1, stops: 1 }, caps)).toBe('stops');
    expect(capExceeded({ orders: 1, stops: 0 }, { orders: 1, stops: 1 }, caps)).toBeNull();
  });

  it('never refuses an order that cannot rest (market, IOC, FOK), whatever is open', () => {
    expect(capExceeded({ orders: 99, stops: 99 }, { orders: 0, stops: 0 }, caps)).toBeNull();
  });

  it("has Binance's defaults: 200 open orders and 5 stops per pair", () => {
    expect(DEFAULT_ORDER_CAPS).toEqual({ openOrdersPerPair: 200, stopsPerPair: 5 });
  });
});

describe('stopValueTicks', () => {
  it('judges a stop at the lower of its limit and stop prices', () => {
    // The review's flood: limit at the pair's highest price, stop far below it.
    expect(stopValueTicks(67_000_000, 9_000)).toBe(9_000);
    expect(stopValueTicks(100, 120)).toBe(100);
  });
});
