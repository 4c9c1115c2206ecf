import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterToolsMissing, NATS_SERVER } from '../scripts/cluster-launch.js';
import { decodeJson, encodeJson, subjectsFor } from '../src/cluster/bus.js';
import type { CoreEvent, PingAnswer } from '../src/cluster/events.js';
import { buildGateway } from '../src/cluster/gateway.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { databaseIdentity } from '../src/db/identity.js';
import { submitOrder } from '../src/modules/orders/service.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { openTestDatabase } from './support/databases.js';
import {
  depthSnapshot,
  followDepth,
  StreamClient,
  type Frame,
} from './support/binance-stream-client.js';
import { freePort } from './support/free-port.js';
import { gatewayReady } from './support/gateway-ready.js';
import { fund, listBtcUsdt } from './support/market.js';
import { member, type Member } from './support/members.js';
import { appOnDatabase, testConfig, type TestApp } from './support/test-app.js';

/**
 * Binance's market and user data streams through gateways (ROLE=gateway) fed by a core
 * (ROLE=core) over a real NATS server and PostgreSQL: the same frames as the core's own, and a
 * depth chain that is the core's (a client's book kept from the gateway's diffs equals the core's
 * `/api/v3/depth`); a listen key made through one gateway opens on another; a hole in the chain
 * closes the book's followers, and a gap in the core's events the user data streams, rather than
 * let a client silently miss a change.
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : clusterToolsMissing();
if (missing) console.warn(`cluster Binance stream tests skipped: ${missing}`);

describe.skipIf(missing)('Binance streams through a gateway', () => {
  let nats: ChildProcess;
  let bus: NatsConnection;
  let database: DatabaseHandle & { url?: string };
  let core: TestApp;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let other: FastifyInstance;
  let otherUrl: string;
  let takerKey: TestKey;
  let coreUrl: string;
  let maker: Member;
  let taker: Member;
  let usdt: string;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    const port = await freePort();
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    database = await openTestDatabase('postgres');
    const env = {
      NATS_URL: `nats://127.0.0.1:${port}`,
      DATABASE_URL: database.url!,
      CORE_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'warn',
    };
    core = await appOnDatabase(database, {
      env: { ...env, ROLE: 'core' },
      overrides: { logStream: { write: () => undefined } },
    });
    const ids = await listBtcUsdt(core);
    usdt = ids.usdt;
    [maker, taker] = [await member(core), await member(core)];
    for (const [who, token, amount] of [
      [maker, ids.btc, '100'],
      [maker, ids.usdt, '10000000'],
      [taker, ids.usdt, '10000000'],
    ] as const)
      await fund(core, who, token, amount);
    coreUrl = await core.app.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway(testConfig({ ...env, ROLE: 'gateway' }), {
      logStream: { write: () => undefined },
    });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
    other = await buildGateway(testConfig({ ...env, ROLE: 'gateway' }), {
      logStream: { write: () => undefined },
    });
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    await Promise.all([gatewayReady(gateway), gatewayReady(other)]);
    takerKey = await createKey(core, taker);
    bus = await connect({ servers: env.NATS_URL });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await bus?.close();
    await gateway?.close();
    await other?.close();
    await core?.close();
    await database?.close();
    nats?.kill();
  });

  /** A stream client of the first gateway, or of `base` (the core, the other gateway). */
  const open = async (path: string, base = gatewayUrl) => {
    const client = await StreamClient.open(`${base.replace(/^http/, 'ws')}${path}`);
    clients.push(client);
    return client;
  };
  /** The taker's signed `/api/v3` call through `base`, signed as Binance signs. */
  const binance = async (base: string, method: string, path: string, query: string) => {
    const signed = `${query}&timestamp=${core.clock.now().getTime()}`;
    const signature = createHmac('sha256', takerKey.secret).update(signed).digest('hex');
    const res = await fetch(`${base}/api/v3/${path}?${signed}&signature=${signature}`, {
      method,
      headers: { 'x-mbx-apikey': takerKey.apiKey },
    });
    return (await res.json()) as Frame;
  };
  const listenKeys = (base: string, method: string, listenKey?: string) =>
    fetch(`${base}/api/v3/userDataStream${listenKey ? `?listenKey=${listenKey}` : ''}`, {
      method,
      headers: { 'x-mbx-apikey': takerKey.apiKey },
    }).then(async (res) => (await res.json()) as { listenKey?: string; code?: number });
  /** A frame without its times of sending (`E`, and `times`), which differ between processes. */
  const sent = (frame: Frame, times: string[] = []) =>
    Object.fromEntries(Object.entries(frame).filter(([k]) => k !== 'E' && !times.includes(k)));
  const limit = (user: Member, side: 'buy' | 'sell', price: number, volume: string) =>
    submitOrder(core.app.ctx, user.id, {
      symbol: 'BTCUSDT',
      trade_type: side,
      order_type: price ? 'limit' : 'market',
      ...(price && { price: String(price) }),
      volume,
    } as never);

  it("keeps a client's book equal to the core's from the gateway's diffs, with trades and tickers", async () => {
    const combined = await open(
      '/stream?streams=btcusdt@depth@100ms/btcusdt@trade/btcusdt@miniTicker/btcusdt@kline_1m',
    );
    const raw = await open('/ws/btcusdt@depth');
    const snapshot = await depthSnapshot(gatewayUrl);
    for (let i = 1; i <= 20; i++) {
      await limit(maker, 'sell', 30_000 + i * 10, '0.01');
      await limit(maker, 'buy', 30_000 - i * 10, '0.02');
      if (i % 4 === 0) await limit(taker, 'buy', 0, '0.015');
    }
    const after = await depthSnapshot(coreUrl);
    const book = { bids: after.bids, asks: after.asks };
    // The same chain through the gateway's 100 ms and 1000 ms streams.
    expect(await followDepth(combined, snapshot, after.lastUpdateId)).toEqual(book);
    expect(await followDepth(raw, snapshot, after.lastUpdateId)).toEqual(book);

    const trade = await combined.next((f) => f.stream === 'btcusdt@trade');
    expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', p: '30010.00000000', m: false });
    const last = (await (await fetch(`${coreUrl}/api/v3/ticker/24hr?symbol=BTCUSDT`)).json()) as {
      lastPrice: string;
      volume: string;
    };
    const mini = await combined.next(
      (f) => f.stream === 'btcusdt@miniTicker' && (f.data as { v: string }).v === last.volume,
    );
    expect(mini.data).toMatchObject({ e: '24hrMiniTicker', c: last.lastPrice, v: last.volume });
    const kline = await combined.next((f) => f.stream === 'btcusdt@kline_1m');
    expect(kline.data).toMatchObject({ e: 'kline', s: 'BTCUSDT', k: { i: '1m' } });
  });

  it("serves @ticker with the core's frames: its 24 h numbers and best bid and ask", async () => {
    const [atCore, atGateway] = [
      await open('/ws/btcusdt@ticker', coreUrl),
      await open('/ws/btcusdt@ticker'),
    ];
    await limit(maker, 'sell', 30_500, '0.02');
    await limit(taker, 'buy', 0, '0.01');
    const rest = async (path: string) =>
      (await (await fetch(`${coreUrl}/api/v3/${path}?symbol=BTCUSDT`)).json()) as Frame;
    const [day, book] = [await rest('ticker/24hr'), await rest('ticker/bookTicker')];
    const latest = (f: Frame) => f.e === '24hrTicker' && f.v === day.volume;
    const [fromCore, fromGateway] = await Promise.all([
      atCore.next(latest),
      atGateway.next(latest),
    ]);
    expect(sent(fromGateway, ['O', 'C'])).toEqual(sent(fromCore, ['O', 'C']));
    expect(fromGateway).toMatchObject({
      b: book.bidPrice,
      B: book.bidQty,
      a: book.askPrice,
      A: book.askQty,
      c: day.lastPrice,
    });
  });

  it("opens a listen key made through one gateway on another, with the core's own user data frames", async () => {
    const { listenKey } = await listenKeys(gatewayUrl, 'POST');
    const streams = [
      await open(`/ws/${listenKey}`, coreUrl),
      await open(`/ws/${listenKey}`, otherUrl),
    ];
    const placed = await binance(
      gatewayUrl,
      'POST',
      'order',
      'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.03&price=29000',
    );
    const crossed = await binance(
      gatewayUrl,
      'POST',
      'order',
      'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=31000',
    );
    const locked = (f: Frame) =>
      f.e === 'outboundAccountPosition' &&
      (f.B as Frame[]).some((b) => b.a === 'USDT' && Number(b.l) !== 0);
    for (const match of [
      (f: Frame) => f.e === 'executionReport' && f.i === placed.orderId && f.X === 'NEW',
      locked,
      (f: Frame) => f.e === 'executionReport' && f.i === crossed.orderId && f.X === 'FILLED',
    ]) {
      const [fromCore, fromGateway] = await Promise.all(streams.map((s) => s.next(match)));
      expect(sent(fromGateway!, ['u'])).toEqual(sent(fromCore!, ['u']));
    }
    // A transfer's balanceUpdate crosses the broker too, before the position it led to.
    const moved = await fetch(`${gatewayUrl}/api/v1/wallets/transfer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${taker.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from_wallet: 'spot',
        to_wallet: 'funding',
        amount: '7',
        token_id: usdt,
      }),
    });
    expect(moved.status).toBe(200);
    const [fromCore, fromGateway] = await Promise.all(
      streams.map((s) => s.next((f) => f.e === 'balanceUpdate')),
    );
    expect(fromGateway).toMatchObject({ a: 'USDT', d: '-7.00000000' });
    expect(sent(fromGateway!)).toEqual(sent(fromCore!));
  });

  it('refuses a listen key once deleted or expired, on every gateway', async () => {
    const [deleted, expired, live] = [
      (await listenKeys(gatewayUrl, 'POST')).listenKey!,
      (await listenKeys(gatewayUrl, 'POST')).listenKey!,
      (await listenKeys(otherUrl, 'POST')).listenKey!,
    ];
    expect(await listenKeys(otherUrl, 'DELETE', deleted)).toEqual({});
    await database.db
      .updateTable('listen_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('name', '=', expired)
      .execute();
    expect(await listenKeys(gatewayUrl, 'PUT', live)).toEqual({});
    const raw = await open('/ws', otherUrl);
    for (const [id, name] of [deleted, expired].entries()) {
      expect(await listenKeys(gatewayUrl, 'PUT', name)).toEqual({
        code: -1125,
        msg: 'This listenKey does not exist.',
      });
      raw.send({ method: 'SUBSCRIBE', params: [name], id });
      expect((await raw.next((f) => f.id === id)).error).toMatchObject({ code: 2 });
    }
    raw.send({ method: 'SUBSCRIBE', params: [live], id: 9 });
    expect(await raw.next((f) => f.id === 9)).toEqual({ result: null, id: 9 });
  });

  it("closes a book's depth followers at a hole in its chain, and user data streams at a gap in the core's events", async () => {
    const depth = await open('/ws/btcusdt@depth@100ms');
    const trades = await open('/ws/btcusdt@trade');
    const user = await open(`/ws/${(await listenKeys(gatewayUrl, 'POST')).listenKey}`);
    await limit(maker, 'sell', 31_000, '0.01');
    const seen = await depth.next((f) => f.e === 'depthUpdate');
    const closed = [depth, user].map(
      (c) => new Promise<number>((resolve) => c.ws.once('close', resolve)),
    );
    // An update whose predecessor never arrived, numbered past events the broker lost.
    const subjects = subjectsFor(await databaseIdentity(database.db));
    const { epoch } = decodeJson<PingAnswer>((await bus.request(subjects.ping)).data);
    const u = seen.u as number;
    const hole: CoreEvent = {
      epoch,
      seq: 1_000_000_000,
      event: {
        kind: 'orderBook',
        update: { symbol: 'BTCUSDT', seq: u + 2, prev_seq: u + 1, bids: [], asks: [] },
      },
    };
    bus.publish(subjects.events, encodeJson(hole));
    const waited = new Promise((resolve) => setTimeout(resolve, 5_000, 'still open'));
    for (const close of closed) expect(await Promise.race([close, waited])).toBe(1011);
    expect(trades.ws.readyState).toBe(trades.ws.OPEN);
  });
});
