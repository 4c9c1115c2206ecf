import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from './support/api-keys.js';
import { ccxtProBinance, type ProBinance } from './support/binance-clients.js';
import { binanceSignature } from './support/binance-signed.js';
import { StreamClient, type Frame } from './support/binance-stream-client.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member, type Member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';
const SYMBOL = 'BTC/USDT';

/** Binance's WebSocket API signature: the parameters sorted by name, as `k=v&…`, HMAC-SHA256. */
function signed(key: TestKey, params: Record<string, string | number>) {
  const all: Record<string, string | number> = {
    ...params,
    apiKey: key.apiKey,
    timestamp: Date.now(),
  };
  const payload = Object.keys(all)
    .sort()
    .map((name) => `${name}=${all[name]}`)
    .join('&');
  return { ...all, signature: binanceSignature(key.secret, payload) };
}

/**
 * Binance's WebSocket API at /ws-api/v3, as its documentation shows it and as ccxt pro uses it
 * for its private watches: requests `{id, method, params}`, answers `{id, status, result|error,
 * rateLimits}`, user data as `{subscriptionId, event}`.
 */
describe(`Binance's WebSocket API (${kind})`, () => {
  const { t, ids } = useMarketApp(kind, { minNotional: '10' });
  let url: string;
  let maker: Member;
  let taker: Member;
  let makerKey: TestKey;
  let takerKey: TestKey;
  const sockets: StreamClient[] = [];
  const pros: ProBinance[] = [];
  let nextId = 1;

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [maker, taker] = [await member(t), await member(t)];
    await fund(t, maker, ids.btc, '1');
    await fund(t, maker, ids.usdt, '100000');
    await fund(t, taker, ids.usdt, '100000');
    makerKey = await createKey(t, maker);
    takerKey = await createKey(t, taker);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const pro of pros) {
      // Closing rejects what ccxt still waits for: the same watches, awaited here.
      const waiting = [pro.watchBalance(), pro.watchOrders(SYMBOL), pro.watchMyTrades(SYMBOL)];
      await pro.close();
      await Promise.allSettled(waiting);
    }
  });

  const connect = async () => {
    const client = await StreamClient.open(`${url.replace(/^http/, 'ws')}/ws-api/v3`);
    sockets.push(client);
    return client;
  };
  const call = async (client: StreamClient, method: string, params: object = {}) => {
    const id = `r${nextId++}`;
    client.send({ id, method, params });
    return client.next((f) => f.id === id);
  };
  /** A signed `order.place` of the maker: a resting GTC sell. */
  const makerSells = (client: StreamClient, quantity: string, price: string) =>
    call(
      client,
      'order.place',
      signed(makerKey, {
        symbol: 'BTCUSDT',
        side: 'SELL',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity,
        price,
      }),
    );

  it('answers public calls with their rate limits, and refuses what it does not serve', async () => {
    const ws = await connect();
    expect(await call(ws, 'ping')).toMatchObject({ status: 200, result: {} });
    const time = await call(ws, 'time');
    expect(time).toMatchObject({
      status: 200,
      result: { serverTime: expect.any(Number) },
      rateLimits: [
        {
          rateLimitType: 'REQUEST_WEIGHT',
          interval: 'MINUTE',
          intervalNum: 1,
          limit: expect.any(Number),
          count: expect.any(Number),
        },
      ],
    });
    expect(await call(ws, 'margin.borrow')).toMatchObject({
      status: 404,
      error: { code: -1020, msg: 'This operation is not supported.' },
    });
    expect(await call(ws, 'depth', { symbol: 'NOPE' })).toMatchObject({
      status: 400,
      error: { code: -1121, msg: 'Invalid symbol.' },
    });
    ws.send({ id: 'x' });
    expect(await ws.next((f) => f.id === 'x')).toMatchObject({ status: 400 });
  });

  it('places, reads and cancels signed orders, and after session.logon signs them itself', async () => {
    const ws = await connect();
    const placed = await makerSells(ws, '0.01', '30000');
    expect(placed).toMatchObject({ status: 200, result: { symbol: 'BTCUSDT', status: 'NEW' } });
    expect(placed.rateLimits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rateLimitType: 'ORDERS',
          interval: 'SECOND',
          count: expect.any(Number),
        }),
      ]),
    );
    const orderId = (placed.result as { orderId: number }).orderId;
    // Unsigned before a logon: no key to act for.
    expect(await call(ws, 'order.status', { symbol: 'BTCUSDT', orderId })).toMatchObject({
      status: 401,
      error: { code: -2014 },
    });
    // A bad signature and a replayed logon are refused.
    const logon = signed(makerKey, {});
    expect(await call(ws, 'session.logon', { ...logon, signature: '00'.repeat(32) })).toMatchObject(
      {
        error: { code: -1022 },
      },
    );
    expect(await call(ws, 'session.logon', logon)).toMatchObject({
      status: 200,
      result: { apiKey: makerKey.apiKey, authorizedSince: expect.any(Number) },
    });
    expect(await call(ws, 'session.logon', logon)).toMatchObject({ error: { code: -1022 } });
    const status = await call(ws, 'order.status', { symbol: 'BTCUSDT', orderId });
    expect(status).toMatchObject({ status: 200, result: { orderId, status: 'NEW' } });
    const open = await call(ws, 'openOrders.status', { symbol: 'BTCUSDT' });
    expect((open.result as { orderId: number }[]).map((o) => o.orderId)).toContain(orderId);
    expect(await call(ws, 'order.cancel', { symbol: 'BTCUSDT', orderId })).toMatchObject({
      status: 200,
      result: { orderId, status: 'CANCELED' },
    });
    expect(await call(ws, 'account.status')).toMatchObject({
      status: 200,
      result: { accountType: 'SPOT' },
    });
    await call(ws, 'session.logout');
    expect(await call(ws, 'account.status')).toMatchObject({ status: 401 });
  });

  it("follows the user's orders and balances after userDataStream.subscribe, until unsubscribed", async () => {
    const ws = await connect();
    const subscribed = await call(ws, 'userDataStream.subscribe.signature', signed(makerKey, {}));
    expect(subscribed).toMatchObject({ status: 200, result: { subscriptionId: 0 } });
    const placed = await makerSells(ws, '0.02', '31000');
    const orderId = (placed.result as { orderId: number }).orderId;
    const event = (f: Frame) => f.event as Frame | undefined;
    const report = await ws.next(
      (f) => event(f)?.e === 'executionReport' && event(f)?.i === orderId,
    );
    expect(report).toMatchObject({
      subscriptionId: 0,
      event: { X: 'NEW', S: 'SELL', s: 'BTCUSDT' },
    });
    expect(await ws.next((f) => event(f)?.e === 'outboundAccountPosition')).toMatchObject({
      subscriptionId: 0,
    });
    expect(await call(ws, 'userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({
      status: 200,
    });
    await call(ws, 'order.cancel', signed(makerKey, { symbol: 'BTCUSDT', orderId }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await ws.next((f) => event(f)?.i === orderId && event(f)?.X === 'CANCELED').catch(() => null),
    ).toBeNull();
  });

  it("serves ccxt pro's watchBalance, watchOrders, watchMyTrades and createOrderWs through it, fill by fill", async () => {
    const ws = await connect();
    for (const price of ['30000', '30010']) await makerSells(ws, '0.05', price);
    const pro = await ccxtProBinance(url, takerKey);
    pros.push(pro);
    await pro.loadMarkets();
    const balance = pro.watchBalance();
    const orders = pro.watchOrders(SYMBOL);
    // Let the subscription settle before the order it must report.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A market buy that takes both levels: two fills, each its own trade.
    const bought = await pro.createOrderWs(SYMBOL, 'market', 'buy', 0.06);
    expect(bought).toMatchObject({ symbol: 'BTC/USDT', side: 'buy', type: 'market' });
    const [b, o] = await Promise.all([balance, orders]);
    expect(b.BTC?.free).toBeGreaterThan(0);
    expect(o[0]).toMatchObject({ symbol: 'BTC/USDT', side: 'buy' });
    const deadline = Date.now() + 5_000;
    while ((pro.myTrades?.length ?? 0) < 2 && Date.now() < deadline)
      await pro.watchMyTrades(SYMBOL);
    const fills = [...(pro.myTrades ?? [])].map((t) => [t.price, t.amount, t.id !== '-1']);
    expect(fills).toEqual([
      [30000, 0.05, true],
      [30010, 0.01, true],
    ]);
  });
});
