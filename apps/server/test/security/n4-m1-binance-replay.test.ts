import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from '../support/api-keys.js';
import { binanceCall, binanceSignature, signedParams } from '../support/binance-signed.js';
import { fund } from '../support/market.js';
import { useMarketApp } from '../support/market-app.js';
import { member, type Member } from '../support/members.js';

/**
 * Review N4-M1: a signed `/api/v3` request could be replayed 12 s later within its 60 s
 * recvWindow (the guard remembered 10 s), a signed GET could be sent again as a DELETE of the
 * same path (GETs were not remembered, and Binance signs neither method nor path), and the
 * query/body boundary could be moved inside a signed value (`price=6` + `0000&…`).
 */
describe('review N4-M1: Binance API signatures', () => {
  const { t, ids } = useMarketApp('pglite');
  let user: Member;
  let key: TestKey;

  beforeAll(async () => {
    user = await member(t);
    await fund(t, user, ids.usdt, '300');
    key = await createKey(t, user);
  });

  const now = () => t.clock.now().getTime();
  const openOrders = async () => {
    const res = await binanceCall(t, key, 'GET', '/openOrders', {
      query: signedParams(key, `symbol=BTCUSDT&timestamp=${now()}`),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { price: string; origQty: string }[];
  };
  const cancelAll = () =>
    binanceCall(t, key, 'DELETE', '/openOrders', {
      query: signedParams(key, `symbol=BTCUSDT&timestamp=${now()}`),
    });
  const limitBuy = (price: string, extra = '') =>
    `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.0001&price=${price}${extra}`;

  it('refuses an order replayed 12 s later, within its 60 s recvWindow', async () => {
    const body = signedParams(key, `${limitBuy('60000')}&recvWindow=60000&timestamp=${now()}`);
    expect((await binanceCall(t, key, 'POST', '/order', { body })).statusCode).toBe(200);
    expect((await binanceCall(t, key, 'POST', '/order', { body })).json()).toMatchObject({
      code: -1022,
    });
    t.clock.advance(12_000);
    const late = await binanceCall(t, key, 'POST', '/order', { body });
    expect(late.json()).toMatchObject({ code: -1022 });
    // Still within the window at 59 s, and refused as a replay, not as stale.
    t.clock.advance(47_000);
    expect((await binanceCall(t, key, 'POST', '/order', { body })).json()).toMatchObject({
      code: -1022,
      msg: 'Request already received (replayed signature).',
    });
    expect(await openOrders()).toHaveLength(1);
    expect((await cancelAll()).statusCode).toBe(200);
  });

  it('refuses a signed GET sent again as a DELETE of the same path', async () => {
    for (const price of ['60000', '60001', '60002']) {
      const body = signedParams(key, `${limitBuy(price)}&timestamp=${now()}`);
      expect((await binanceCall(t, key, 'POST', '/order', { body })).statusCode).toBe(200);
    }
    const seen = signedParams(key, `symbol=BTCUSDT&timestamp=${now()}`);
    expect((await binanceCall(t, key, 'GET', '/openOrders', { query: seen })).json()).toHaveLength(
      3,
    );
    const asDelete = await binanceCall(t, key, 'DELETE', '/openOrders', { query: seen });
    expect(asDelete.json()).toMatchObject({ code: -1022 });
    expect(await openOrders()).toHaveLength(3);

    // One order's GET, then its signature on a DELETE /order.
    const [first] = (await openOrders()) as unknown as { orderId: number }[];
    const read = signedParams(key, `symbol=BTCUSDT&orderId=${first?.orderId}&timestamp=${now()}`);
    expect((await binanceCall(t, key, 'GET', '/order', { query: read })).statusCode).toBe(200);
    const cancel = await binanceCall(t, key, 'DELETE', '/order', { query: read });
    expect(cancel.json()).toMatchObject({ code: -1022 });
    expect(await openOrders()).toHaveLength(3);
    // And the same read twice is a replay too.
    expect((await binanceCall(t, key, 'GET', '/order', { query: read })).json()).toMatchObject({
      code: -1022,
    });
    expect((await cancelAll()).statusCode).toBe(200);
  });

  it('refuses a query/body split moved inside a signed value (price 60000 sent as 6)', async () => {
    const signed = `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=60000&timestamp=${now()}`;
    const signature = binanceSignature(key.secret, signed);
    const at = signed.indexOf('0000&timestamp');
    const res = await binanceCall(t, key, 'POST', '/order', {
      query: signed.slice(0, at),
      body: `${signed.slice(at)}&signature=${signature}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1022 });
    expect(await openOrders()).toEqual([]);
  });

  it('refuses a parameter given twice with different values', async () => {
    const params = `${limitBuy('60000')}&timestamp=${now()}`;
    const res = await binanceCall(t, key, 'POST', '/order', {
      query: 'price=6&',
      body: signedParams(key, `price=6&${params}`).replace(/^price=6&/, ''),
    });
    expect(res.json()).toMatchObject({ code: -1101 });
    expect(await openOrders()).toEqual([]);
  });

  it('still takes parameters all in the query, all in the body, or split where one ends', async () => {
    const inQuery = signedParams(key, `${limitBuy('60000')}&timestamp=${now()}`);
    expect((await binanceCall(t, key, 'POST', '/order', { query: inQuery })).statusCode).toBe(200);
    const inBody = signedParams(key, `${limitBuy('60001')}&timestamp=${now()}`);
    expect((await binanceCall(t, key, 'POST', '/order', { body: inBody })).statusCode).toBe(200);
    const query = 'symbol=BTCUSDT&side=BUY&type=LIMIT&';
    const body = `timeInForce=GTC&quantity=0.0001&price=60002&timestamp=${now()}`;
    const split = await binanceCall(t, key, 'POST', '/order', {
      query,
      body: `${body}&signature=${binanceSignature(key.secret, query + body)}`,
    });
    expect(split.statusCode).toBe(200);
    expect((await openOrders()).map((o) => o.price).sort()).toEqual([
      '60000.00000000',
      '60001.00000000',
      '60002.00000000',
    ]);
  });
});
