import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from '../support/api-keys.js';
import { binanceCall, signedParams } from '../support/binance-signed.js';
import { useMarketApp } from '../support/market-app.js';
import { member } from '../support/members.js';

/**
 * Review N4-L3: under /api/v3 an unexpected error (not one of our refusals) was answered 400
 * -1000 and not logged, so a fault looked like the client's; and a time past what a date holds
 * (9999999999999999 ms) reached the handlers as an Invalid Date.
 */
describe('review N4-L3: /api/v3 errors', () => {
  const lines: string[] = [];
  const { t } = useMarketApp('pglite', {
    env: { LOG_LEVEL: 'error' },
    overrides: { logStream: { write: (line: string) => lines.push(line) } },
  });
  let key: TestKey;

  beforeAll(async () => {
    key = await createKey(t, await member(t));
  });

  const now = () => t.clock.now().getTime();

  it('refuses times a date cannot hold with -1100, before any handler uses them', async () => {
    for (const time of ['9999999999999999', '8640000000000000', '253402300800000', '-1']) {
      const allOrders = await binanceCall(t, key, 'GET', '/allOrders', {
        query: signedParams(key, `symbol=BTCUSDT&startTime=${time}&timestamp=${now()}`),
      });
      expect(allOrders.statusCode).toBe(400);
      expect(allOrders.json()).toEqual({
        code: -1100,
        msg: "Illegal characters found in parameter 'startTime'.",
      });
      const klines = await t.request({
        method: 'GET',
        url: `/api/v3/klines?symbol=BTCUSDT&interval=1m&endTime=${time}`,
      });
      expect(klines.statusCode).toBe(400);
      expect(klines.json()).toMatchObject({ code: -1100 });
      const aggTrades = await t.request({
        method: 'GET',
        url: `/api/v3/aggTrades?symbol=BTCUSDT&startTime=${time}`,
      });
      expect(aggTrades.json()).toMatchObject({ code: -1100 });
    }
    // The last millisecond of the year 9999 is taken.
    const latest = await t.request({
      method: 'GET',
      url: '/api/v3/aggTrades?symbol=BTCUSDT&startTime=253402300799999',
    });
    expect(latest.statusCode).toBe(200);
    const klines = await t.request({
      method: 'GET',
      url: '/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=0&endTime=253402300799999',
    });
    expect(klines.statusCode).toBe(200);
  });

  it('answers an unexpected failure 500 -1000, and logs it', async () => {
    const { trading } = t.app.ctx.core.state;
    const findPair = trading.findPair.bind(trading);
    trading.findPair = () => {
      throw new TypeError('a fault of the server');
    };
    try {
      const res = await t.request({ method: 'GET', url: '/api/v3/depth?symbol=BTCUSDT' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: -1000,
        msg: 'An unknown error occurred while processing the request.',
      });
    } finally {
      trading.findPair = findPair;
    }
    expect(lines.some((line) => line.includes('a fault of the server'))).toBe(true);
    // A client's malformed request stays a 4xx.
    const badType = await t.request({
      method: 'POST',
      url: '/api/v3/order',
      headers: { 'x-mbx-apikey': key.apiKey, 'content-type': 'text/plain' },
      payload: 'symbol=BTCUSDT',
    });
    expect(badType.statusCode).toBeLessThan(500);
  });
});
