import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member, type Member } from './support/members.js';

/** JSON answers over 1 KB are compressed when the client accepts it (api-conformance review). */
describe('compressed API answers', () => {
  const { t, ids } = useMarketApp('pglite');
  let user: Member;

  beforeAll(async () => {
    user = await member(t);
    await fund(t, user, ids.usdt, '1000');
  });

  const call = (method: 'GET' | 'POST', url: string, encoding: string, payload?: object) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': encoding },
      ...(payload ? { payload } : {}),
    });

  it('leaves an order answer (under 1 KB) as it is, and compresses a long list', async () => {
    const orders = [];
    for (let i = 0; i < 8; i++) {
      const placed = await call('POST', '/orders/spot', 'gzip, br', {
        symbol: 'BTCUSDT',
        order_type: 'limit',
        trade_type: 'buy',
        price: String(100 + i),
        volume: '0.1',
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.headers['content-encoding']).toBeUndefined();
      orders.push(placed.json().data);
    }
    const plain = await call('GET', '/orders/spot?order_status=open', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().total).toBe(8);

    const br = await call('GET', '/orders/spot?order_status=open', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await call('GET', '/orders/spot?order_status=open', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
  });
});
