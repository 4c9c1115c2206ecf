import type { OrderEntryOrderUpdate } from '@exchange/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderEntryClient, OrderEntryRefused } from '../src/demo/order-entry-client.js';
import { SESSION_CHECK_MS } from '../src/feed/session-watch.js';
import { createKey, signed, type TestKey } from './support/api-keys.js';
import { openTestDatabase } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

/** A Redis server the feed may fan out through: .ci/run sets it when one answers. */
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two apps of the exchange behind one load balancer, sharing the database and Redis, as the
 * design's scale-out runs them (API and feed processes beside the one trading core). Only
 * `writer` is written through: it serves the API and a program's connection; `front` serves
 * only order-entry connections, which here make no call, and signs them in against the shared
 * database. Both run in this test's process on one embedded database: on PostgreSQL a second
 * process waits as a standby while the first holds the writer lock (writer-lock.test.ts).
 */
describe.runIf(redisUrl)('order entry relayed through Redis', () => {
  describe('on pglite', () => {
    const s = {
      writer: undefined as unknown as TestApp,
      front: undefined as unknown as TestApp,
      writerUrl: '',
      frontUrl: '',
      ids: { usdt: '', btc: '', pair: '' },
      clients: [] as OrderEntryClient[],
      closeDatabases: async () => {},
    };
    const env = { REDIS_URL: redisUrl as string };

    beforeAll(async () => {
      const database = await openTestDatabase('pglite');
      s.writer = await appOnDatabase(database, { env });
      s.ids = await listBtcUsdt(s.writer);
      s.front = await appOnDatabase(database, { env });
      s.writerUrl = await s.writer.app.listen({ port: 0, host: '127.0.0.1' });
      s.frontUrl = await s.front.app.listen({ port: 0, host: '127.0.0.1' });
      s.closeDatabases = () => database.close();
    });
    afterEach(() => {
      for (const c of s.clients.splice(0)) c.close();
    });
    afterAll(async () => {
      await s.front?.app.close();
      await s.writer?.app.close();
      await s.closeDatabases();
    });

    const open = async (url: string, key: TestKey, orderUpdates = false) => {
      const client = await OrderEntryClient.connect(url, key, { orderUpdates });
      s.clients.push(client);
      return client;
    };

    it('closes a key revoked through one process on the other at once (1008), and it signs nothing there', async () => {
      const user = await member(s.writer);
      const key = await createKey(s.writer, user);
      const onFront = await open(s.frontUrl, key);
      const bystander = await open(s.frontUrl, await createKey(s.writer, user));
      let bystanderClosed = false;
      void bystander.closed.then(() => (bystanderClosed = true));

      const revokedAt = Date.now();
      const res = await authed(s.writer, 'DELETE', `/api-keys/${key.id}`, user.token);
      expect(res.statusCode).toBe(200);
      // The relayed revocation's reason: the front's own check of its keys, every
      // SESSION_CHECK_MS, would close it later as 'API key expired or revoked'.
      expect(await onFront.closed).toEqual({ code: 1008, reason: 'API key revoked' });
      expect(Date.now() - revokedAt).toBeLessThan(SESSION_CHECK_MS);

      // The front forgot the key too: no new connection, no signed call with it there.
      const again = await open(s.frontUrl, key).then(
        () => null,
        (err: unknown) => err,
      );
      expect(again).toBeInstanceOf(OrderEntryRefused);
      expect(again).toMatchObject({ status: 401, message: 'API key revoked' });
      const call = await signed(s.front, key, 'GET', '/api/v1/orders/spot');
      expect(call.statusCode).toBe(401);
      expect(call.json()).toMatchObject({ message: 'API key revoked' });
      expect(bystanderClosed).toBe(false);
    });

    it("closes a locked account's connections on the other process at once (review 3 N-M2)", async () => {
      const admin = await member(s.writer, { role: 'admin' });
      const user = await member(s.writer);
      const key = await createKey(s.writer, user);
      const onFront = await open(s.frontUrl, key);
      const lockedAt = Date.now();
      const lock = await authed(s.writer, 'POST', `/admin/users/${user.id}/lock`, admin.token, {
        reason: 'Fraud report',
      });
      expect(lock.statusCode, lock.body).toBe(200);
      expect(await onFront.closed).toEqual({ code: 1008, reason: 'API key revoked' });
      expect(Date.now() - lockedAt).toBeLessThan(SESSION_CHECK_MS);
      const again = await open(s.frontUrl, key).then(
        () => null,
        (err: unknown) => err,
      );
      expect(again).toBeInstanceOf(OrderEntryRefused);
    });

    it("pushes an order's update made through one process to its owner's connection on the other", async () => {
      const user = await member(s.writer);
      await fund(s.writer, user, s.ids.usdt, '1000');
      const key = await createKey(s.writer, user);
      const listener = await open(s.frontUrl, key, true);
      const updates: OrderEntryOrderUpdate[] = [];
      listener.onOrderUpdate((u) => updates.push(u));
      const stranger = await member(s.writer);
      const strangers = await open(s.frontUrl, await createKey(s.writer, stranger), true);
      const strangerUpdates: OrderEntryOrderUpdate[] = [];
      strangers.onOrderUpdate((u) => strangerUpdates.push(u));

      // The program trades on a connection to the writer's process.
      const trading = await open(s.writerUrl, key);
      const placed = await trading.place({
        symbol: 'BTCUSDT',
        order_type: 'limit',
        trade_type: 'buy',
        price: '10',
        volume: '1',
        client_order_id: 'relayed',
      });
      if (!placed.ok) throw new Error(placed.message);
      expect(await trading.cancel({ client_order_id: 'relayed' })).toMatchObject({ ok: true });

      await expect
        .poll(() => updates.find((u) => u.data.status === 'cancelled'))
        .toMatchObject({
          event: 'order_update',
          data: { _id: placed.data._id, client_order_id: 'relayed', status: 'cancelled' },
          ts: expect.any(Number),
        });
      expect(strangerUpdates).toEqual([]);
    });
  });
});

/** A socket of the realtime feed, recording the tickers it hears. */
async function tickerListener(url: string) {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  const heard: { symbol: string }[] = [];
  socket.on('all_ticker_update', (update: { data: { symbol: string } }) => heard.push(update.data));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

/** Two deployments, each on its own database, that share one Redis server. */
describe.runIf(redisUrl && process.env.TEST_DATABASE_URL)('deployments sharing Redis', () => {
  const env = { REDIS_URL: redisUrl as string };
  let production: TestApp;
  let staging: TestApp;
  const closing: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    for (const which of ['production', 'staging'] as const) {
      const database = await openTestDatabase('postgres');
      const t = await appOnDatabase(database, { env });
      closing.push(() => t.app.close().then(() => database.close()));
      if (which === 'production') production = t;
      else staging = t;
    }
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it("hear none of each other's feed", async () => {
    const ids = await listBtcUsdt(production);
    const seller = await member(production);
    const buyer = await member(production);
    await fund(production, seller, ids.btc, '1');
    await fund(production, buyer, ids.usdt, '1000');
    const here = await tickerListener(await production.app.listen({ port: 0, host: '127.0.0.1' }));
    const there = await tickerListener(await staging.app.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const order = (user: Member, trade_type: string) =>
        authed(production, 'POST', '/orders/spot', user.token, {
          symbol: 'BTCUSDT',
          order_type: 'limit',
          trade_type,
          price: '100',
          volume: '0.5',
        });
      expect((await order(seller, 'sell')).statusCode).toBe(200);
      expect((await order(buyer, 'buy')).statusCode).toBe(200);

      await expect
        .poll(() => here.heard.some((t) => t.symbol === 'BTCUSDT'), { timeout: 5_000 })
        .toBe(true);
      // Through the same Redis server, a shared channel would have brought it by now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(there.heard).toEqual([]);
    } finally {
      here.socket.disconnect();
      there.socket.disconnect();
    }
  });
});
