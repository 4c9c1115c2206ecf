import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { connect, type NatsConnection, type Status } from 'nats';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchMarket, prepareMarket } from '../../bench/bench-server.js';
import { limitOrderBody } from '../../bench/crash-orders.js';
import {
  type Cluster,
  clusterToolsMissing,
  startCluster,
  waitFor,
} from '../../scripts/cluster-launch.js';
import {
  busConnectOptions,
  decodeJson,
  encodeJson,
  loadBusKey,
  subjectsFor,
  type Subjects,
} from '../../src/cluster/bus.js';
import { signBusRequest } from '../../src/cluster/bus-signature.js';
import { databaseIdentity } from '../../src/db/identity.js';

/**
 * Review N4-H4: the cluster's broker took anonymous clients, any of which could hear every
 * request, answer the core's queue itself, and have the core act on a client address it made
 * up (API key allowlists, rate limits, the dev outbox). Against a launched cluster whose broker
 * speaks TLS (a CA made for it) and knows each role by its nkey: an anonymous client is refused,
 * a gateway's credentials reach only a gateway's subjects, the core answers only requests a
 * gateway signed, the dev outbox is not served behind a gateway, and users are served as before.
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (the cluster runs on PostgreSQL)'
  : clusterToolsMissing();
if (missing) console.warn(`N4-H4 cluster bus probe skipped: ${missing}`);

/** HAProxy 4720, the gateway 4721, cores 4730-4731, NATS 4735, statistics 4736. */
const BASE_PORT = 4720;

describe.skipIf(missing)(
  'N4-H4: the cluster bus admits only its roles, and only signed requests',
  () => {
    let market: BenchMarket;
    let cluster: Cluster;
    let subjects: Subjects;
    /** A client with a gateway's credentials (a gateway's host taken, say). */
    let intruder: NatsConnection;
    const statuses: Status[] = [];

    beforeAll(async () => {
      market = await prepareMarket(1);
      const { JWT_SECRET, RATE_LIMIT_MAX } = market.env as Record<string, string>;
      cluster = await startCluster({
        basePort: BASE_PORT,
        databaseUrl: market.env.DATABASE_URL as string,
        // The market's own folder: its keys are the ones the database was written with (secret-guards.ts).
        dataDir: market.env.DATA_DIR as string,
        gateways: 1,
        entry: 'source',
        output: 'files',
        tls: true,
        env: { JWT_SECRET: JWT_SECRET!, RATE_LIMIT_MAX: RATE_LIMIT_MAX!, DEMO: 'false' },
      });
      subjects = subjectsFor(await databaseIdentity(market.database.db));
      intruder = await connect(await busConnectOptions(cluster.bus('gateway')));
      void (async () => {
        for await (const status of intruder.status()) statuses.push(status);
      })();
    }, 400_000);

    afterAll(async () => {
      await intruder?.close();
      await cluster?.stop();
      await market?.dispose();
    }, 60_000);

    /** What the core answers on `subject`, as the intruder asks it. */
    const ask = async (subject: string, data: unknown) =>
      decodeJson<Record<string, unknown>>(
        (await intruder.request(subject, encodeJson(data), { timeout: 10_000 })).data,
      );
    const aRequest = (remoteAddress: string) => ({
      method: 'GET',
      url: '/api/v1/symbols',
      headers: { host: `127.0.0.1:${BASE_PORT}` },
      remoteAddress,
      requestId: crypto.randomUUID(),
    });

    it('refuses an anonymous client, one not speaking TLS, and one not trusting its CA', async () => {
      const { natsUrl, tlsCaFile } = cluster.bus('gateway');
      const caFile = tlsCaFile!;
      expect(natsUrl).toMatch(/^tls:\/\//);
      await expect(
        connect({ servers: natsUrl!.split(','), tls: { caFile } }),
      ).rejects.toMatchObject({
        code: 'AUTHORIZATION_VIOLATION',
      });
      const plain = natsUrl!.replaceAll('tls://', 'nats://');
      await expect(connect({ servers: plain.split(',') })).rejects.toThrow();
      const withKey = await busConnectOptions(cluster.bus('gateway'));
      await expect(connect({ ...withKey, tls: {} })).rejects.toThrow();
    });

    it("keeps a gateway's credentials off the requests, the core's queue and its events", async () => {
      const refusedSubscription = (subject: string, queue?: string) =>
        new Promise<string>((resolve) => {
          intruder.subscribe(subject, {
            ...(queue && { queue }),
            callback: (err) => resolve(err?.message ?? 'a message was heard'),
          });
        });
      expect(await refusedSubscription(subjects.http, 'core')).toMatch(/Permissions Violation/);
      expect(await refusedSubscription(subjects.entry, 'core')).toMatch(/Permissions Violation/);
      expect(await refusedSubscription(subjects.socketAuth)).toMatch(/Permissions Violation/);
      expect(await refusedSubscription('exchange.>')).toMatch(/Permissions Violation/);
      intruder.publish(subjects.events, encodeJson({ epoch: 'forged', seq: 1, event: {} }));
      await waitFor(
        async () => statuses.some((s) => s.permissionContext?.operation === 'publish') || null,
        10_000,
        'publishing an event was not refused',
      );
    });

    it('refuses a NATS route without the route credentials (a route hears every subject)', async () => {
      // The first node's route port (cluster-broker.ts): an intruder offering itself as a node.
      const socket = net.connect(BASE_PORT + 17, '127.0.0.1');
      let heard = '';
      socket.on('data', (chunk) => {
        if (!heard)
          socket.write('CONNECT {"verbose":false,"pedantic":false,"name":"intruder"}\r\nPING\r\n');
        heard += String(chunk);
      });
      await waitFor(async () => heard.includes('-ERR') || null, 10_000, 'the route said nothing');
      socket.destroy();
      expect(heard).toContain('"auth_required":true');
      expect(heard).toContain("-ERR 'Authorization Violation'");
    });

    it('has the core refuse requests no gateway signed, on every request subject', async () => {
      expect(await ask(subjects.http, aRequest('10.9.9.9'))).toEqual({ refused: 'unsigned' });
      const user = market.users[0]!;
      expect(await ask(subjects.socketAuth, { token: user.token })).toEqual({
        refused: 'unsigned',
      });
      const call = {
        connection: crypto.randomUUID(),
        userId: user.id,
        request: { id: 1, method: 'order.place', params: {} },
      };
      expect(await ask(subjects.entry, call)).toEqual({ refused: 'unsigned' });
    });

    it('has the core refuse a changed address, a replay and a stale request', async () => {
      // The key itself: what a gateway signs with (in the shared DATA_DIR on this machine).
      const key = await loadBusKey({ dataDir: cluster.dataDir, cluster: { secret: null } });
      const signed = signBusRequest(key, subjects.http, aRequest('203.0.113.7'));
      expect(await ask(subjects.http, signed)).toMatchObject({ status: 200 });
      const tampered = { ...signed, body: signed.body.replace('203.0.113.7', '10.9.9.9') };
      expect(await ask(subjects.http, tampered)).toEqual({ refused: 'bad signature' });
      expect(await ask(subjects.http, signed)).toEqual({ refused: 'replayed' });
      const old = signBusRequest(key, subjects.http, aRequest('10.9.9.9'), Date.now() - 120_000);
      expect(await ask(subjects.http, old)).toEqual({ refused: 'stale' });
      const otherSubject = signBusRequest(key, subjects.ping, aRequest('10.9.9.9'));
      expect(await ask(subjects.http, otherSubject)).toEqual({ refused: 'bad signature' });
    });

    it('does not serve the dev outbox behind a gateway', async () => {
      const res = await fetch(`${cluster.url}/api/v1/dev/outbox?email=anyone@example.com`);
      expect(res.status).toBe(404);
    });

    it("asks for the operator's password on HAProxy's statistics page (I4-6)", async () => {
      const stats = `http://127.0.0.1:${BASE_PORT + 16}/`;
      expect((await fetch(stats)).status).toBe(401);
      const password = (
        await readFile(path.join(cluster.dataDir, 'secrets', 'haproxy-stats'), 'utf8')
      ).trim();
      const auth = `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;
      expect((await fetch(stats, { headers: { authorization: auth } })).status).toBe(200);
    });

    it('still serves users through HAProxy: an order placed, its update on the signed-in socket', async () => {
      const user = market.users[0]!;
      const socket: Socket = io(cluster.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: user.token },
      });
      const updates: unknown[] = [];
      socket.on('order_update', (update) => updates.push(update));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const placed = await fetch(`${cluster.url}/api/v1/orders/spot`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: limitOrderBody(0, 0),
      });
      expect(placed.status, await placed.clone().text()).toBe(200);
      await waitFor(async () => updates.length > 0 || null, 20_000, 'no order update heard');
      socket.disconnect();
    });
  },
);
