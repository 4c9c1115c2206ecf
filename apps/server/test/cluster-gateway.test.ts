import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { connect as connectNats } from 'nats';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterToolsMissing, NATS_SERVER, waitFor } from '../scripts/cluster-launch.js';
import { subjectsFor } from '../src/cluster/bus.js';
import { buildGateway } from '../src/cluster/gateway.js';
import { databaseIdentity } from '../src/db/identity.js';
import { loadOrCreateSecret, OPS_TOKEN_PATH } from '../src/lib/secrets.js';
import { OPS_METRICS_PATH } from '../src/modules/ops/routes.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { ledgerOne } from '../src/core/money.js';
import { grantFunds } from '../src/demo/grant-funds.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { openTestDatabase } from './support/databases.js';
import { listTestTokens, member, sessionToken, type Member } from './support/members.js';
import { OrderEntryClient } from '../src/demo/order-entry-client.js';
import { createKey } from './support/api-keys.js';
import { fund, listBtcUsdt } from './support/market.js';
import { freePort } from './support/free-port.js';
import { gatewayReady } from './support/gateway-ready.js';
import { appOnDatabase, testConfig, type TestApp } from './support/test-app.js';

/**
 * A gateway (ROLE=gateway) in this process against a real NATS server and PostgreSQL: before any
 * core it refuses cleanly and says so in its readiness; with a core (ROLE=core) it answers every
 * call as the core does, and the core logs the call under the gateway's request id.
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : clusterToolsMissing();
if (missing) console.warn(`cluster gateway tests skipped: ${missing}`);

describe.skipIf(missing)('a gateway hands calls to its core over NATS', () => {
  let nats: ChildProcess;
  let database: DatabaseHandle & { url?: string };
  let gateway: FastifyInstance;
  let core: TestApp | null = null;
  const coreLog: Record<string, unknown>[] = [];
  /** The money test's user, whose reads the last test asks for without a core. */
  let user: Member;
  /** Where the gateway listens, once the socket test started it. */
  let gatewayUrl = '';
  let env: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    database = await openTestDatabase('postgres');
    env = {
      NATS_URL: `nats://127.0.0.1:${port}`,
      DATABASE_URL: database.url!,
      CORE_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'info',
    };
    gateway = await buildGateway(testConfig({ ...env, ROLE: 'gateway' }), {
      logStream: { write: () => undefined },
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await core?.close();
    await database?.close();
    nats?.kill();
  });

  it('refuses with 503 UNAVAILABLE, and is not ready, while no core answers', async () => {
    const symbols = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    expect(symbols.statusCode).toBe(503);
    expect(symbols.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'Please try again' });
    const ready = await gateway.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ data: { core: { ok: false } } });
    const live = await gateway.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
  });

  it('says in its metrics whether a standby core reports that it follows the tables', async () => {
    const [dir, file] = OPS_TOKEN_PATH;
    const token = await loadOrCreateSecret(path.join(testConfig().dataDir, dir), file);
    const standbyReady = async () => {
      const res = await gateway.inject({
        method: 'GET',
        url: OPS_METRICS_PATH,
        headers: { authorization: `Bearer ${token}` },
      });
      return /^exchange_gateway_standby_ready\{role="gateway"\} (\d)$/m.exec(res.body)?.[1];
    };
    expect(await standbyReady()).toBe('0');
    const nc = await connectNats({ servers: env.NATS_URL });
    const { standby } = subjectsFor(await databaseIdentity(database.db));
    nc.publish(standby, JSON.stringify({ pid: 1, rows: 0 }));
    await nc.flush();
    await waitFor(async () => (await standbyReady()) === '1' || null, 5000, 'standby not seen');
    await nc.close();
  });

  it('answers as the core does once one runs, under one request id in both logs', async () => {
    core = await appOnDatabase(database, {
      env: { ...env, ROLE: 'core' },
      overrides: { logStream: { write: (line) => void coreLog.push(JSON.parse(line)) } },
    });
    await gatewayReady(gateway);
    const viaGateway = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    const direct = await core.request({ method: 'GET', url: '/api/v1/symbols' });
    expect(viaGateway.statusCode).toBe(200);
    expect(viaGateway.json()).toEqual(direct.json());

    const refused = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'not an email', password: '' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const requestId = refused.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(coreLog.some((line) => line.reqId === requestId && line.msg === 'answered')).toBe(true);
  });

  it('moves money once for a money call retried with its idempotency key through the gateway', async () => {
    if (!core) throw new Error('the previous test starts the core');
    const tokens = await listTestTokens(core);
    user = await member(core);
    const grant = { userId: user.id, tokenId: tokens.usdt, wallet: 'spot' as const };
    await grantFunds(core.app.ctx.core, { ...grant, amount: 100n * ledgerOne });
    const transfer = () =>
      gateway.inject({
        method: 'POST',
        url: '/api/v1/wallets/transfer',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'lost-answer-1',
        },
        payload: JSON.stringify({
          from_wallet: 'spot',
          to_wallet: 'funding',
          amount: '25',
          token_id: tokens.usdt,
        }),
      });
    // The first answer is as good as lost to the client: it sends the call again, with its key.
    const first = await transfer();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await transfer();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const { accounts } = core.app.ctx.core.state;
    expect(accounts.user(user.id, tokens.usdt, 'spot').available).toBe(75n * ledgerOne);
    expect(accounts.user(user.id, tokens.usdt, 'funding').available).toBe(25n * ledgerOne);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("closes a gateway's sockets of a session the core ended", async () => {
    if (!core) throw new Error('the previous tests start the core');
    const url = (gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' }));
    const [ending, staying] = [await sessionToken(core, user.id), user.token];
    const open = async (token: string) => {
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const [socket, bystander] = [await open(ending), await open(staying)];
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${ending}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    bystander.disconnect();
  });

  it('takes WebSocket order entry: calls answered by the core after commit, updates pushed, a revoked key closed', async () => {
    if (!core) throw new Error('the previous tests start the core');
    const ids = await listBtcUsdt(core);
    const trader = await member(core);
    await fund(core, trader, ids.usdt, '1000');
    const key = await createKey(core, trader);
    // The gateway accepts no signature from before it served (its first 2 s): signed again then.
    const client = await waitFor(
      () => OrderEntryClient.connect(gatewayUrl, key, { orderUpdates: true }).catch(() => null),
      5000,
      'the gateway refused the signed upgrade',
    );
    const updates: string[] = [];
    client.onOrderUpdate((update) => updates.push(update.data.status));
    const placed = await client.place({
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    } as never);
    expect(placed).toMatchObject({ ok: true, data: { symbol: 'BTCUSDT', status: 'open' } });
    // Committed before the answer: the order is in the database the gateway reads.
    const open = await gateway.inject({
      method: 'GET',
      url: '/api/v1/orders/spot?order_status=open',
      headers: { authorization: `Bearer ${trader.token}` },
    });
    expect(open.json()).toMatchObject({ total: 1 });
    await waitFor(async () => updates.includes('open') || null, 5000, 'no order update pushed');

    const revoked = await core.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: { authorization: `Bearer ${trader.token}` },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await client.closed).code).toBe(1008);
  });

  it('answers reads from the database with no core running, and refuses writes with 503', async () => {
    if (!core) throw new Error('the previous tests start the core');
    await core.close();
    core = null;
    const asUser = (method: 'GET' | 'POST', url: string, payload?: object) =>
      gateway.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(payload && { 'content-type': 'application/json' }),
        },
        ...(payload && { payload: JSON.stringify(payload) }),
      });
    const profile = await asUser('GET', '/users');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ data: { email: user.email } });
    const orders = await asUser('GET', '/orders/spot?order_status=open');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json()).toMatchObject({ data: [], total: 0 });
    const withdrawals = await asUser('GET', '/wallets/withdraw/history');
    expect(withdrawals.statusCode).toBe(200);
    // A read still checks the sign-in: no token, no answer.
    const anonymous = await gateway.inject({ method: 'GET', url: '/api/v1/users' });
    expect(anonymous.statusCode).toBe(401);

    const write = await asUser('POST', '/wallets/transfer', {
      from_wallet: 'funding',
      to_wallet: 'spot',
      amount: '1',
      token_id: 'USDT',
    });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // What the core serves from memory (the book, the tickers) is a write's path too: 503.
    const symbols = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    expect(symbols.statusCode).toBe(503);
  });
});
