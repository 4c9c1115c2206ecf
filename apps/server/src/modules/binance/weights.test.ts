import { describe, expect, it } from 'vitest';
import { dayTickerWeight, depthWeight, requestWeight } from './weights.js';

describe("Binance's request weights", () => {
  it('weighs a book by its depth', () => {
    expect([1, 100, 101, 500, 501, 1000, 5000].map(depthWeight)).toEqual([
      5, 5, 25, 25, 50, 50, 250,
    ]);
    expect(requestWeight('GET', '/depth', {})).toBe(5);
    expect(requestWeight('GET', '/depth', { limit: '1000' })).toBe(50);
    expect(requestWeight('GET', '/depth', { limit: 'junk' })).toBe(5);
  });

  it('weighs the day ticker by how many symbols it covers', () => {
    const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `S${i}USDT`));
    expect(dayTickerWeight({ symbol: 'BTCUSDT' })).toBe(2);
    expect(dayTickerWeight({ symbols: list(20) })).toBe(2);
    expect(dayTickerWeight({ symbols: list(21) })).toBe(40);
    expect(dayTickerWeight({ symbols: list(101) })).toBe(80);
    expect(dayTickerWeight({})).toBe(80);
    expect(dayTickerWeight({ symbols: 'not json' })).toBe(80);
  });

  it('weighs a call by its method and route, and anything not served as 1', () => {
    expect(requestWeight('GET', '/exchangeInfo', {})).toBe(20);
    expect(requestWeight('GET', '/openOrders', {})).toBe(80);
    expect(requestWeight('GET', '/openOrders', { symbol: 'BTCUSDT' })).toBe(6);
    expect(requestWeight('DELETE', '/openOrders', { symbol: 'BTCUSDT' })).toBe(1);
    expect(requestWeight('GET', '/ticker/price', {})).toBe(4);
    expect(requestWeight('POST', '/order', {})).toBe(1);
    expect(requestWeight('GET', '/order', {})).toBe(4);
    expect(requestWeight('PATCH', '/order', {})).toBe(1);
    expect(requestWeight('GET', undefined, {})).toBe(1);
    expect(requestWeight('POST', '/order/cancelReplace', {})).toBe(1);
    expect(requestWeight('POST', '/orderList/oco', {})).toBe(1);
    expect(requestWeight('GET', '/openOrderList', {})).toBe(6);
    expect(requestWeight('GET', '/ticker', { symbols: '["A","B"]' })).toBe(8);
  });
});
