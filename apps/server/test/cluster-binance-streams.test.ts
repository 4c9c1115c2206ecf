import { type ChildProcess, spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterToolsMissing, NATS_SERVER } from '../scripts/cluster-launch.js';
import { encodeJson, subjectsFor } from '../src/cluster/bus.js';
import type { CoreEvent } from '../src/cluster/events.js';
import { buildGateway } from '../src/cluster/gateway.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { databaseIdentity } from '../src/db/identity.js';
import { submitOrder } from '../src/modules/orders/service.js';
import { openTestDatabase } from './support/databases.js';
import { depthSnapshot, followDepth, StreamClient } from './support/binance-stream-client.js';
import { freePort } from './support/free-port.js';
import { gatewayReady } from './support/gateway-ready.js';
import { fund, listBtcUsdt } from './support/market.js';
import { member, type Member } from './support/members.js';
import { appOnDatabase, testConfig, type TestApp } from './support/test-app.js';

/**
 * Binance's market streams through a gateway (ROLE=gateway) fed by a core (ROLE=core) over a
 * real NATS server and PostgreSQL: the same frames, and a depth chain that is the core's own
 * (a client's book kept from the gateway's diffs equals the core's `/api/v3/depth`); a hole in
 * the chain closes the book's followers rather than let a book silently miss a change.
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
  let coreUrl: string;
  let maker: Member;
  let taker: Member;
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
    await gatewayReady(gateway);
    bus = await connect({ servers: env.NATS_URL });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await bus?.close();
    await gateway?.close();
    await core?.close();
    await database?.close();
    nats?.kill();
  });

  const open = async (path: string) => {
    const client = await StreamClient.open(`${gatewayUrl.replace(/^http/, 'ws')}${path}`);
    clients.push(client);
    return client;
  };
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
    expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', p: '30010', m: false });
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

  it('refuses the streams kept in the core alone: @ticker and user data', async () => {
    const raw = await open('/ws');
    raw.send({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 });
    expect((await raw.next((f) => f.id === 1)).error).toMatchObject({ code: 2 });
    raw.send({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade'], id: 2 });
    expect(await raw.next((f) => f.id === 2)).toEqual({ result: null, id: 2 });
  });

  it("closes a book's depth followers at a hole in its chain, and no one else", async () => {
    const depth = await open('/ws/btcusdt@depth@100ms');
    const trades = await open('/ws/btcusdt@trade');
    await limit(maker, 'sell', 31_000, '0.01');
    const seen = await depth.next((f) => f.e === 'depthUpdate');
    const closed = new Promise<number>((resolve) => depth.ws.once('close', resolve));
    // An update whose predecessor never arrived, as when the broker lost an event.
    const u = seen.u as number;
    const hole: CoreEvent = {
      epoch: 'test',
      seq: 1,
      event: {
        kind: 'orderBook',
        update: { symbol: 'BTCUSDT', seq: u + 2, prev_seq: u + 1, bids: [], asks: [] },
      },
    };
    bus.publish(subjectsFor(await databaseIdentity(database.db)).events, encodeJson(hole));
    const waited = new Promise((resolve) => setTimeout(resolve, 5_000, 'still open'));
    expect(await Promise.race([closed, waited])).toBe(1011);
    expect(trades.ws.readyState).toBe(trades.ws.OPEN);
  });
});
