import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { Spot, WebsocketAPI, WebsocketStream } from '@binance/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from './support/api-keys.js';
import { FrameQueue, type Frame } from './support/binance-stream-client.js';
import { BACKENDS } from './support/databases.js';
import { guardHosts } from './support/host-guard.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';

/** The connector logs every frame to the console by default; the tests read frames, not logs. */
const logger = new Console({ stdout: new Writable({ write: (_c, _e, done) => done() }) });

/** A connector's `callbacks.message`, its frames queued for `next`; `opened` once connected. */
function collector() {
  const frames = new FrameQueue();
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const callbacks = {
    open: () => open(),
    message: (text: string) => frames.push(JSON.parse(text) as Frame),
  };
  return { frames, opened, callbacks };
}

/**
 * `@binance/connector`'s `WebsocketStream` (a listen key's user data, `diffBookDepth`) and its
 * `WebsocketAPI`, configured only as the README says (`wsURL`), beside its `Spot` (`baseURL`);
 * nothing they do may leave for another host.
 */
describe(`@binance/connector's WebsocketStream and WebsocketAPI (${kind})`, () => {
  const { t, ids } = useMarketApp(kind, { minNotional: '10' });
  let url: string;
  let wsURL: string;
  let makerKey: TestKey;
  let taker: Spot;
  let guard: ReturnType<typeof guardHosts>;
  const clients: { disconnect(): void }[] = [];

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsURL = url.replace(/^http/, 'ws');
    guard = guardHosts(new URL(url).host);
    const [maker, user] = [await member(t), await member(t)];
    await fund(t, maker, ids.btc, '1');
    await fund(t, user, ids.usdt, '100000');
    makerKey = await createKey(t, maker);
    const takerKey = await createKey(t, user);
    taker = new Spot(takerKey.apiKey, takerKey.secret, { baseURL: url });
  });
  afterAll(() => {
    for (const c of clients) c.disconnect();
    guard?.release();
  });

  const maker = () => new Spot(makerKey.apiKey, makerKey.secret, { baseURL: url });
  const stream = async () => {
    const c = collector();
    const client = new WebsocketStream({ wsURL, logger, callbacks: c.callbacks });
    clients.push(client);
    return { client, ...c };
  };
  const api = async () => {
    const c = collector();
    const client = new WebsocketAPI(makerKey.apiKey, makerKey.secret, {
      wsURL: `${wsURL}/ws-api/v3`,
      logger,
      callbacks: c.callbacks,
    });
    clients.push(client);
    await c.opened;
    return { client, ...c };
  };

  it("follows a listen key's user data fill by fill, and the book's diffs every second", async () => {
    const { listenKey } = (await taker.createListenKey()).data as { listenKey: string };
    const user = await stream();
    user.client.userData(listenKey);
    const depth = await stream();
    depth.client.diffBookDepth('BTCUSDT', '1000ms');
    await Promise.all([user.opened, depth.opened]);

    for (const price of ['30000', '30010'])
      await maker().newOrder('BTCUSDT', 'SELL', 'LIMIT', {
        price,
        quantity: '0.05',
        timeInForce: 'GTC',
      });
    const diff = await depth.frames.next((f) => f.e === 'depthUpdate');
    expect(diff).toMatchObject({ s: 'BTCUSDT', U: expect.any(Number), u: expect.any(Number) });
    expect((diff.a as string[][]).length).toBeGreaterThan(0);

    const bought = await taker.newOrder('BTCUSDT', 'BUY', 'MARKET', { quantity: '0.06' });
    const orderId = (bought.data as { orderId: number }).orderId;
    const report = (x: string) => (f: Frame) =>
      f.e === 'executionReport' && f.i === orderId && f.x === x;
    expect(await user.frames.next(report('NEW'))).toMatchObject({ o: 'MARKET', S: 'BUY' });
    const fills = [
      await user.frames.next(report('TRADE')),
      await user.frames.next(report('TRADE')),
    ];
    expect(fills.map((f) => [Number(f.L), Number(f.l), (f.t as number) > 0])).toEqual([
      [30000, 0.05, true],
      [30010, 0.01, true],
    ]);
    // The position the fills led to (the funding of beforeAll may still be told first, by itself).
    const position = (f: Frame) =>
      f.e === 'outboundAccountPosition' && JSON.stringify(f.B).includes('"a":"BTC"');
    expect(await user.frames.next(position)).toMatchObject({
      B: expect.arrayContaining([expect.objectContaining({ a: 'BTC' })]),
    });

    // A market buy by quote amount: its budget in every report (Q), as Binance's.
    const byQuote = await taker.newOrder('BTCUSDT', 'BUY', 'MARKET', { quoteOrderQty: '300.1' });
    const quoteId = (byQuote.data as { orderId: number }).orderId;
    const quoted = (x: string) => (f: Frame) => f.i === quoteId && f.x === x;
    expect(await user.frames.next(quoted('NEW'))).toMatchObject({ Q: '300.10000000', o: 'MARKET' });
    expect(await user.frames.next(quoted('TRADE'))).toMatchObject({
      Q: '300.10000000',
      l: '0.01000000',
    });
    expect((await taker.getOrder('BTCUSDT', { orderId: quoteId })).data).toMatchObject({
      origQuoteOrderQty: '300.10000000',
      executedQty: '0.01000000',
    });
  });

  it('logs on, places, reads and cancels, and follows the user data over the WebSocket API', async () => {
    const { client, frames } = await api();
    const reply = (id: string) => frames.next((f) => f.id === id);

    // This connector's version has no method for these newer calls: its own signed sender.
    client.sendSignatureMessage('session.logon', { id: 'logon' });
    expect(await reply('logon')).toMatchObject({
      status: 200,
      result: { apiKey: makerKey.apiKey, authorizedSince: expect.any(Number) },
    });
    client.sendMessage('userDataStream.subscribe', { id: 'sub' });
    expect(await reply('sub')).toMatchObject({ status: 200, result: { subscriptionId: 0 } });

    client.newOrder('BTCUSDT', 'SELL', 'LIMIT', {
      id: 'place',
      price: '40000',
      quantity: '0.01',
      timeInForce: 'GTC',
      newClientOrderId: 'ws-sdk-1',
    });
    const placed = await reply('place');
    expect(placed).toMatchObject({
      status: 200,
      result: { symbol: 'BTCUSDT', clientOrderId: 'ws-sdk-1', status: 'NEW' },
      rateLimits: expect.arrayContaining([
        expect.objectContaining({ rateLimitType: 'ORDERS', count: expect.any(Number) }),
      ]),
    });
    const orderId = (placed.result as { orderId: number }).orderId;
    const event = (f: Frame) => (f.event ?? {}) as Frame;
    expect(
      await frames.next((f) => event(f).e === 'executionReport' && event(f).i === orderId),
    ).toMatchObject({ subscriptionId: 0, event: { x: 'NEW', c: 'ws-sdk-1' } });

    client.getOrder('BTCUSDT', { id: 'status', orderId });
    expect(await reply('status')).toMatchObject({ result: { orderId, status: 'NEW' } });
    client.openOrders('BTCUSDT', { id: 'open' });
    const open = (await reply('open')).result as { orderId: number }[];
    expect(open.map((o) => o.orderId)).toContain(orderId);
    client.cancelOrder('BTCUSDT', { id: 'cancel', orderId });
    expect(await reply('cancel')).toMatchObject({ result: { orderId, status: 'CANCELED' } });
    expect(
      await frames.next((f) => event(f).i === orderId && event(f).x === 'CANCELED'),
    ).toMatchObject({ subscriptionId: 0 });
    client.account({ id: 'account' });
    expect(await reply('account')).toMatchObject({ result: { accountType: 'SPOT' } });
  });

  it("serves the connector's listen-key and market methods over the WebSocket API", async () => {
    const { client, frames } = await api();
    const reply = (id: string) => frames.next((f) => f.id === id);
    client.startUserDataStream();
    const started = await frames.next((f) => typeof f.result === 'object' && f.result !== null);
    const { listenKey } = started.result as { listenKey: string };
    expect(listenKey).toMatch(/^[\w-]{20,}$/);
    // Each answered before the next is sent: a stop could otherwise be served before the ping.
    client.pingUserDataStream(listenKey);
    expect(await frames.next()).toMatchObject({ status: 200 });
    client.stopUserDataStream(listenKey);
    expect(await frames.next()).toMatchObject({ status: 200 });

    client.avgPrice('BTCUSDT');
    expect(await frames.next()).toMatchObject({ result: { mins: 5 } });
    client.uiKlines('BTCUSDT', '1m', { id: 'ui' });
    expect(Array.isArray((await reply('ui')).result)).toBe(true);
    client.historicalTrades('BTCUSDT', { id: 'hist', limit: 5 });
    expect(Array.isArray((await reply('hist')).result)).toBe(true);
  });

  it('sent nothing to any other host', () => {
    expect(guard.foreign).toEqual([]);
  });
});
