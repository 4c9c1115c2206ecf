import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelAllOrders, startOrderOf, submitOrder } from '../src/modules/orders/service.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { ccxtBinance, ccxtProBinance } from './support/binance-clients.js';
import {
  depthSnapshot,
  followDepth,
  StreamClient,
  type Frame,
} from './support/binance-stream-client.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member, type Member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';
const SYMBOL = 'BTC/USDT';
/** How long the market trades while ccxt pro follows it: long enough for a few hundred updates. */
const TRADING_MS = 10_000;

describe(`Binance streams for ccxt pro and plain clients (${kind})`, () => {
  const { t, ids } = useMarketApp(kind);
  let url: string;
  let wsUrl: string;
  let maker: Member;
  let taker: Member;
  let takerKey: TestKey;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = url.replace(/^http/, 'ws');
    [maker, taker] = [await member(t), await member(t)];
    await fund(t, maker, ids.btc, '100');
    await fund(t, maker, ids.usdt, '10000000');
    await fund(t, taker, ids.usdt, '10000000');
    await fund(t, taker, ids.btc, '100');
    takerKey = await createKey(t, taker);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
  });

  const open = async (path: string) => {
    const client = await StreamClient.open(`${wsUrl}${path}`);
    clients.push(client);
    return client;
  };
  const limit = (user: Member, side: 'buy' | 'sell', price: number, volume = '0.01') =>
    submitOrder(t.app.ctx, user.id, {
      symbol: 'BTCUSDT',
      trade_type: side,
      order_type: 'limit',
      price: String(price),
      volume,
    } as never);
  const marketOrder = (user: Member, side: 'buy' | 'sell', volume: string) =>
    submitOrder(t.app.ctx, user.id, {
      symbol: 'BTCUSDT',
      trade_type: side,
      order_type: 'market',
      volume,
    } as never);

  it(`keeps ccxt pro's order book equal to the REST book while the market trades (${TRADING_MS / 1000} s), with its trades and ticker`, async () => {
    for (let i = 1; i <= 5; i++) {
      await limit(maker, 'sell', 30_000 + i * 10);
      await limit(maker, 'buy', 30_000 - i * 10);
    }
    const pro = await ccxtProBinance(url);
    const rest = ccxtBinance(url);
    await Promise.all([pro.loadMarkets(), rest.loadMarkets()]);
    let watching = true;
    const errors: unknown[] = [];
    const tradeIds = new Set<string>();
    let lastTicker = 0;
    const loop = async (watch: () => Promise<void>) => {
      while (watching)
        await watch().catch((err: unknown) => {
          if (watching) errors.push(err);
        });
    };
    const loops = [
      loop(async () => void (await pro.watchOrderBook(SYMBOL))),
      loop(async () => {
        for (const trade of await pro.watchTrades(SYMBOL)) tradeIds.add(String(trade.id));
      }),
      loop(async () => void (lastTicker = (await pro.watchTicker(SYMBOL)).last ?? 0)),
    ];

    // The market trades: orders rest, cross, fill and are cancelled on both sides.
    const until = Date.now() + TRADING_MS;
    let placed = 0;
    while (Date.now() < until) {
      const side = placed % 2 === 0 ? 'buy' : 'sell';
      const price = 30_000 + (((placed * 37) % 21) - 10) * 5;
      const order = await limit(maker, side, price, `0.0${1 + (placed % 5)}`);
      if (placed % 3 === 0) await marketOrder(taker, side === 'buy' ? 'sell' : 'buy', '0.02');
      if (placed % 4 === 0 && order.status === 'open')
        await rest.cancelOrder(String(order.id), SYMBOL).catch(() => undefined);
      placed++;
      await sleep(15);
    }

    // Once the last update has arrived, ccxt pro's book is the server's book, level for level.
    const book = await rest.fetchOrderBook(SYMBOL, 1000);
    const deadline = Date.now() + 5_000;
    while (pro.orderbooks[SYMBOL]?.nonce !== book.nonce && Date.now() < deadline) await sleep(50);
    const watched = pro.orderbooks[SYMBOL];
    expect(watched?.nonce).toBe(book.nonce);
    expect(Array.from(watched?.bids ?? [])).toEqual(book.bids);
    expect(Array.from(watched?.asks ?? [])).toEqual(book.asks);
    expect(errors).toEqual([]);
    expect(placed).toBeGreaterThan(100);

    const latest = await rest.fetchTrades(SYMBOL, undefined, 20);
    const deadlineTrades = Date.now() + 3_000;
    while (!tradeIds.has(String(latest.at(-1)?.id)) && Date.now() < deadlineTrades) await sleep(50);
    for (const trade of latest) expect(tradeIds.has(String(trade.id))).toBe(true);
    const ticker = await rest.fetchTicker(SYMBOL);
    const deadlineTicker = Date.now() + 3_000;
    while (lastTicker !== ticker.last && Date.now() < deadlineTicker) await sleep(50);
    expect(lastTicker).toBe(ticker.last);

    watching = false;
    await pro.close();
    await Promise.all(loops);
  }, 60_000);

  it('answers SUBSCRIBE frames, wraps combined streams and chains @depth diffs onto the snapshot', async () => {
    const combined = await open('/stream?streams=btcusdt@trade');
    const raw = await open('/ws');
    const streams = ['btcusdt@depth', '!miniTicker@arr', 'btcusdt@kline_1m'];
    raw.send({ method: 'SUBSCRIBE', params: streams, id: 7 });
    expect(await raw.next((f) => f.id === 7)).toEqual({ result: null, id: 7 });
    raw.send({ method: 'LIST_SUBSCRIPTIONS', id: 8 });
    expect(await raw.next((f) => f.id === 8)).toEqual({ result: streams, id: 8 });
    raw.send({ method: 'SUBSCRIBE', params: ['ethusdt@trade'], id: 9 });
    expect((await raw.next((f) => f.id === 9)).error).toMatchObject({ code: 2 });

    const snapshot = await depthSnapshot(url);
    await limit(maker, 'buy', 29_000, '0.5');
    await limit(maker, 'buy', 29_001, '0.25');
    await limit(maker, 'sell', 30_100, '0.05');
    await marketOrder(taker, 'buy', '0.01');

    // The first event to apply spans the snapshot's id; each next one starts where it ended.
    const after = await depthSnapshot(url);
    const book = await followDepth(raw, snapshot, after.lastUpdateId);
    expect(book).toEqual({ bids: after.bids, asks: after.asks });

    const kline = (await raw.next((f) => f.e === 'kline')) as { s: string; k: Frame };
    expect(kline).toMatchObject({ s: 'BTCUSDT', k: { i: '1m', x: false } });
    // The minute's trades by their ids, the taker's buy in V/Q.
    expect(kline.k.n).toBe((kline.k.L as number) - (kline.k.f as number) + 1);
    expect(Number(kline.k.V)).toBeGreaterThan(0);
    const opened = kline.k.t as number;
    expect([opened % 60_000, (kline.k.T as number) - opened]).toEqual([0, 59_999]);
    const trade = await combined.next((f) => f.stream === 'btcusdt@trade');
    expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', m: false });
    const tickers = await raw.next((f) => Array.isArray(f));
    expect(tickers).toEqual(
      expect.arrayContaining([expect.objectContaining({ e: '24hrMiniTicker', s: 'BTCUSDT' })]),
    );
  });

  it("streams a listen key its owner's executionReport and outboundAccountPosition", async () => {
    const headers = { 'x-mbx-apikey': takerKey.apiKey };
    const made = await fetch(`${url}/api/v3/userDataStream`, { method: 'POST', headers });
    const { listenKey } = (await made.json()) as { listenKey: string };
    expect(listenKey).toMatch(/^[A-Za-z0-9_-]{60}$/);
    const user = await open(`/ws/${listenKey}`);
    // Only the taker's order rests on the ask side, so the maker's market buy meets it.
    await cancelAllOrders(t.app.ctx, maker.id);

    const order = await limit(taker, 'sell', 45_000, '0.03');
    const placed = await user.next((f) => f.e === 'executionReport');
    expect(placed).toMatchObject({
      s: 'BTCUSDT',
      S: 'SELL',
      o: 'LIMIT',
      x: 'NEW',
      X: 'NEW',
      i: order.id,
      q: '0.03000000',
      p: '45000.00000000',
    });
    expect(await user.next((f) => f.e === 'outboundAccountPosition')).toMatchObject({
      B: expect.arrayContaining([expect.objectContaining({ a: 'BTC' })]),
    });
    // A post-only order (Binance's LIMIT_MAKER) is reported as one.
    const spec = { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '46000' } as const;
    const postOnly = await (
      await startOrderOf(t.app.ctx, taker.id, { ...spec, volume: '0.01', timeInForce: 'POST_ONLY' })
    ).done;
    expect(
      await user.next((f) => f.e === 'executionReport' && f.i === postOnly.id && f.x === 'NEW'),
    ).toMatchObject({ o: 'LIMIT_MAKER', f: 'GTC' });
    await marketOrder(maker, 'buy', '0.01');
    const filled = await user.next((f) => f.e === 'executionReport' && f.x === 'TRADE');
    expect(filled).toMatchObject({
      X: 'PARTIALLY_FILLED',
      l: '0.01000000',
      L: '45000.00000000',
      z: '0.01000000',
    });
    // The fill's own trade, as Binance reports each fill.
    expect(filled.t).toBeGreaterThan(0);
    expect(filled).toMatchObject({ n: expect.any(String), N: 'USDT', m: true });

    const at = (name: string, method: string) =>
      fetch(`${url}/api/v3/userDataStream?listenKey=${name}`, { method, headers });
    expect(await (await at(listenKey, 'PUT')).json()).toEqual({});
    const other = (await (
      await fetch(`${url}/api/v3/userDataStream`, { method: 'POST', headers })
    ).json()) as { listenKey: string };
    expect((await at(other.listenKey, 'DELETE')).status).toBe(200);
    expect(await (await at(other.listenKey, 'PUT')).json()).toEqual({
      code: -1125,
      msg: 'This listenKey does not exist.',
    });

    // Revoking the API key ends its listen keys and their streams at once.
    const revoke = await t.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${takerKey.id}`,
      headers: { authorization: `Bearer ${taker.token}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await user.next((f) => f.e === 'listenKeyExpired')).toMatchObject({ listenKey });
  });

  it('serves @bookTicker, partial depths, !ticker@arr and @avgPrice, and switches framing on SET_PROPERTY', async () => {
    await cancelAllOrders(t.app.ctx, maker.id);
    // A URL naming an unknown stream skips it, as Binance does.
    const raw = await open('/ws/btcusdt@bookTicker/nosuch@stream');
    const partial = await open(
      '/stream?streams=btcusdt@depth5@100ms/btcusdt@depth10/btcusdt@depth@1000ms',
    );
    raw.send({ method: 'SUBSCRIBE', params: ['!ticker@arr', 'btcusdt@avgPrice'], id: 1 });
    expect(await raw.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
    raw.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await raw.next((f) => f.id === 2)).toEqual({
      result: ['btcusdt@bookTicker', '!ticker@arr', 'btcusdt@avgPrice'],
      id: 2,
    });
    raw.send({ method: 'SUBSCRIBE', params: ['btcusdt@depth7'], id: 3 });
    expect(await raw.next((f) => f.id === 3)).toEqual({
      error: { code: 2, msg: 'Invalid request: unknown stream btcusdt@depth7' },
      id: 3,
    });

    for (let i = 0; i < 6; i++) await limit(maker, 'buy', 29_400 + i * 10, '0.07');
    const best = (await (
      await fetch(`${url}/api/v3/ticker/bookTicker?symbol=BTCUSDT`)
    ).json()) as Record<string, string>;
    expect(best.bidPrice).toBe('29450.00000000');
    const ticker = await raw.next((f) => 'u' in f && f.b === best.bidPrice);
    expect(ticker).toEqual({
      u: expect.any(Number),
      s: 'BTCUSDT',
      b: best.bidPrice,
      B: best.bidQty,
      a: best.askPrice,
      A: best.askQty,
    });

    // Each partial depth is the REST book's top, cut at its levels, as of its update id.
    const book = await depthSnapshot(url);
    expect(ticker.u).toBe(book.lastUpdateId);
    for (const [stream, levels] of [
      ['btcusdt@depth5@100ms', 5],
      ['btcusdt@depth10', 10],
    ] as const) {
      const frame = await partial.next(
        (f) => f.stream === stream && (f.data as Frame).lastUpdateId === book.lastUpdateId,
      );
      expect(frame.data).toEqual({
        lastUpdateId: book.lastUpdateId,
        bids: book.bids.slice(0, levels),
        asks: book.asks.slice(0, levels),
      });
    }
    const diff = await partial.next((f) => f.stream === 'btcusdt@depth@1000ms');
    expect(diff.data).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await partial.next((f) => f.stream === 'btcusdt@depth5@100ms');
    expect(Date.now() - started).toBeLessThan(900);

    await marketOrder(taker, 'sell', '0.01');
    // The first !ticker@arr after the fill: one sent before it (the earlier trades') may come first.
    const tickers = await raw.next(
      (f) =>
        Array.isArray(f) &&
        (f as Frame[]).some((t) => t.s === 'BTCUSDT' && t.c === '29450.00000000'),
    );
    expect(tickers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          e: '24hrTicker',
          s: 'BTCUSDT',
          c: '29450.00000000',
          b: '29450.00000000',
        }),
      ]),
    );
    const full = (tickers as unknown as Frame[]).find((x) => x.s === 'BTCUSDT') as Frame;
    const rest = (await (await fetch(`${url}/api/v3/ticker/24hr?symbol=BTCUSDT`)).json()) as Frame;
    expect([full.F, full.L, full.n]).toEqual([rest.firstId, rest.lastId, rest.count]);
    expect(full.n).toBeGreaterThan(1);
    const avg = (await (await fetch(`${url}/api/v3/avgPrice?symbol=BTCUSDT`)).json()) as {
      price: string;
    };
    expect(await raw.next((f) => f.e === 'avgPrice' && f.w === avg.price)).toMatchObject({
      s: 'BTCUSDT',
      i: '5m',
      T: expect.any(Number),
    });

    // SET_PROPERTY combined: from then on, the raw connection's events come as {stream, data}.
    raw.send({ method: 'GET_PROPERTY', params: ['combined'], id: 4 });
    expect(await raw.next((f) => f.id === 4)).toEqual({ result: false, id: 4 });
    raw.send({ method: 'SET_PROPERTY', params: ['combined', true], id: 5 });
    expect(await raw.next((f) => f.id === 5)).toEqual({ result: null, id: 5 });
    raw.send({ method: 'GET_PROPERTY', params: ['combined'], id: 6 });
    expect(await raw.next((f) => f.id === 6)).toEqual({ result: true, id: 6 });
    const wrapped = await raw.next((f) => f.stream === 'btcusdt@avgPrice');
    expect(wrapped.data).toMatchObject({ e: 'avgPrice', s: 'BTCUSDT' });
  });

  it("gives ccxt pro's watchBidsAsks the book's best bid and ask (@bookTicker)", async () => {
    const pro = await ccxtProBinance(url);
    await pro.loadMarkets();
    const watched = pro.watchBidsAsks([SYMBOL]);
    await sleep(300);
    await limit(maker, 'buy', 29_600, '0.09');
    const quotes = await watched;
    expect(quotes[SYMBOL]).toMatchObject({ symbol: SYMBOL, bid: 29_600, bidVolume: 0.09 });
    const rest = await ccxtBinance(url).fetchBidsAsks([SYMBOL]);
    expect(quotes[SYMBOL]?.ask).toBe(rest[SYMBOL]?.ask);
    await pro.close();
  });
});
