import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterToolsMissing, NATS_SERVER, waitFor } from '../scripts/cluster-launch.js';
import { buildApp } from '../src/app.js';
import { buildGateway } from '../src/cluster/gateway.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { OrderEntryClient } from '../src/demo/order-entry-client.js';
import { Metrics } from '../src/lib/metrics.js';
import { loadOrCreateSecret, OPS_TOKEN_PATH } from '../src/lib/secrets.js';
import { OPS_METRICS_PATH } from '../src/modules/ops/routes.js';
import { createKey } from './support/api-keys.js';
import { openTestDatabase } from './support/databases.js';
import {
  dashboardQueries,
  labelsIn,
  metricsIn,
  readScrape,
  type RoleScrape,
} from './support/dashboard.js';
import { freePort } from './support/free-port.js';
import { gatewayReady } from './support/gateway-ready.js';
import { fund, listBtcUsdt } from './support/market.js';
import { member } from './support/members.js';
import { sampleOf } from './support/prom-text.js';
import { appOnDatabase, testConfig, type TestApp } from './support/test-app.js';

const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : clusterToolsMissing();
if (missing) console.warn(`metrics of the cluster's roles not tested: ${missing}`);

const quiet = { logStream: { write: () => undefined } };

/** The labels a family is declared with (its role's among them), whatever process serves it. */
function declared(family: string): Set<string> {
  for (const role of ['single', 'gateway'] as const) {
    const metric = new Metrics(role).registry.getSingleMetric(family) as
      { labelNames?: string[] } | undefined;
    if (metric) return new Set(['role', ...(metric.labelNames ?? [])]);
  }
  return new Set();
}

/**
 * Each role's own metrics, scraped as Prometheus scrapes them (ops/prometheus/prometheus.yml): a
 * gateway at its port, the cores (the active one and a standby) at their METRICS_PORT, against a
 * real NATS server and PostgreSQL; and the Grafana dashboard's queries checked against what each
 * role serves.
 */
describe.skipIf(missing)("every role's own metrics, and the dashboard over them", () => {
  let nats: ChildProcess;
  let database: DatabaseHandle & { url?: string };
  /** Each core its own connections: the first one's writer lock is let go when they close. */
  let coreDatabase: DatabaseHandle;
  let standbyDatabase: DatabaseHandle;
  let gateway: FastifyInstance;
  let core: TestApp | null = null;
  let standby: Promise<FastifyInstance>;
  let env: Record<string, string>;
  const ports = { core: 0, standby: 0 };
  let token = '';
  const scrapes = new Map<string, string>();

  beforeAll(async () => {
    const natsPort = await freePort();
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' });
    database = await openTestDatabase('postgres');
    coreDatabase = connectDatabase({ url: database.url! });
    standbyDatabase = connectDatabase({ url: database.url! });
    env = {
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      DATABASE_URL: database.url!,
      CORE_TIMEOUT_MS: '2000',
    };
    gateway = await buildGateway(testConfig({ ...env, ROLE: 'gateway' }), quiet);
  });

  afterAll(async () => {
    await gateway?.close();
    await core?.close();
    await coreDatabase?.close();
    await standby?.then((app) => app.close()).catch(() => undefined);
    await standbyDatabase?.close();
    await database?.close();
    nats?.kill();
  });

  const scrapeGateway = async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: OPS_METRICS_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const scrapePort = async (port: number, auth = `Bearer ${token}`, at = OPS_METRICS_PATH) =>
    fetch(`http://127.0.0.1:${port}${at}`, { headers: { authorization: auth } });
  const scrapeCore = async (port: number) => {
    const res = await scrapePort(port);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("a gateway counts its own answers, a core outage's 503s among them, and serves its own metrics", async () => {
    const refused = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    expect(refused.statusCode).toBe(503);
    // The operator token is the data folder's, as every process of the cluster reads it.
    const [dir, file] = OPS_TOKEN_PATH;
    token = await loadOrCreateSecret(path.join(testConfig().dataDir, dir), file);
    const text = await scrapeGateway();
    const labels = { role: 'gateway', route: '/api/*', method: 'GET', status: '503' };
    expect(sampleOf(text, 'exchange_http_requests_total', labels)).toBe(1);
    expect(sampleOf(text, 'exchange_broker_failures_total', { call: 'http' })).toBe(1);
    // Its own, not a core's: no writer here.
    expect(text).not.toContain('exchange_sequencer_');
    expect((await gateway.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('a core and a standby serve theirs at METRICS_PORT from the start, the standby its replay lag', async () => {
    [ports.core, ports.standby] = [await freePort(), await freePort()];
    core = await appOnDatabase(coreDatabase, {
      env: { ...env, ROLE: 'core', METRICS_PORT: String(ports.core) },
      overrides: quiet,
    });
    await gatewayReady(gateway);
    // The standby waits at the writer lock: buildApp resolves only once it takes over.
    standby = buildApp(testConfig({ ...env, ROLE: 'core', METRICS_PORT: String(ports.standby) }), {
      database: standbyDatabase,
      ...quiet,
    });
    standby.catch(() => undefined);
    const lag = async () => {
      const res = await scrapePort(ports.standby).catch(() => null);
      if (res?.status !== 200) return null;
      const text = await res.text();
      return sampleOf(text, 'exchange_standby_replay_lag_seconds', { role: 'standby' });
    };
    // It read the tables within the last few seconds (it reads them every second).
    await waitFor(
      async () => ((await lag()) ?? 99) < 3 || null,
      30_000,
      'no standby lag under 3 s',
    );
    expect((await scrapePort(ports.standby, 'Bearer wrong')).status).toBe(401);
    expect((await scrapePort(ports.standby, `Bearer ${token}`, '/metrics')).status).toBe(404);
    const active = await scrapeCore(ports.core);
    expect(sampleOf(active, 'exchange_standby_replay_lag_seconds', { role: 'core' })).toBe(0);
    expect(sampleOf(active, 'exchange_sequencer_queue_depth', { role: 'core' })).toBe(0);
  });

  it('counts order entry, broker round trips and event lag at the gateway, pools everywhere', async () => {
    if (!core) throw new Error('the previous test starts the core');
    const ids = await listBtcUsdt(core);
    const trader = await member(core);
    await fund(core, trader, ids.usdt, '1000');
    const key = await createKey(core, trader);
    const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
    // The gateway accepts no signature from before it served (its first 2 s): signed again then.
    const client = await waitFor(
      () => OrderEntryClient.connect(url, key).catch(() => null),
      5000,
      'the gateway refused the signed upgrade',
    );
    const order = {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    };
    expect(await client.place(order as never)).toMatchObject({ ok: true });
    client.close();
    const viaGateway = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    expect(viaGateway.statusCode).toBe(200);
    await waitFor(
      async () =>
        (sampleOf(await scrapeGateway(), 'exchange_gateway_event_lag_seconds_count') ?? 0) > 0 ||
        null,
      10_000,
      'no core event reached the gateway',
    );
    const text = await scrapeGateway();
    expect(
      sampleOf(text, 'exchange_ws_order_entry_calls_total', { method: 'place', status: '200' }),
    ).toBe(1);
    expect(sampleOf(text, 'exchange_ws_order_entry_seconds_count', { method: 'place' })).toBe(1);
    for (const call of ['http', 'entry', 'ping'])
      expect(
        sampleOf(text, 'exchange_broker_round_trip_seconds_count', { call }),
        call,
      ).toBeGreaterThan(0);
    expect(sampleOf(text, 'exchange_http_requests_total', { route: '/api/*', status: '200' })).toBe(
      1,
    );
    expect(sampleOf(text, 'exchange_db_pool_wait_seconds_count', { pool: 'main' })).toBeGreaterThan(
      0,
    );
    scrapes.set('gateway', text);
    scrapes.set('core', await scrapeCore(ports.core));
    scrapes.set('standby', await scrapeCore(ports.standby));
    expect(sampleOf(scrapes.get('core')!, 'exchange_orders_total', { role: 'core' })).toBe(1);
  });

  it("the dashboard's selectors come from every role, and each query from what some role serves", async () => {
    expect([...scrapes.keys()]).toEqual(['gateway', 'core', 'standby']);
    const single = await appOnDatabase(await openTestDatabase('postgres'), { overrides: quiet });
    try {
      const res = await single.request({
        method: 'GET',
        url: OPS_METRICS_PATH,
        headers: { authorization: `Bearer ${single.app.ctx.opsToken}` },
      });
      scrapes.set('single', res.body);
    } finally {
      await single.close();
      await single.database.close();
    }
    const roles = new Map<string, RoleScrape>(
      [...scrapes].map(([role, text]) => [role, readScrape(text)]),
    );
    const { variables, panels } = await dashboardQueries();
    const problems: string[] = [];
    for (const q of variables)
      for (const metric of metricsIn(q.expr))
        for (const [role, scrape] of roles)
          // label_values() finds series, not declarations: every role must have samples.
          if (!scrape.labels.has(metric)) problems.push(`${q.where}: no ${metric} from ${role}`);
    for (const q of [...variables, ...panels]) {
      const metrics = metricsIn(q.expr);
      for (const metric of metrics)
        if (![...roles.values()].some((s) => s.families.has(metric)))
          problems.push(`${q.where}: no role serves ${metric}`);
      // A family no role has samples of yet (no socket asked for a channel) by its declared labels.
      const has = (m: string, label: string) =>
        [...roles.values()].some((s) => s.labels.get(m)?.has(label)) ||
        (![...roles.values()].some((s) => s.labels.has(m)) && declared(m).has(label));
      for (const label of labelsIn(q.expr))
        if (!metrics.some((m) => has(m, label)))
          problems.push(`${q.where}: no series of ${metrics.join(', ')} has the label ${label}`);
    }
    expect(panels.length).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('a standby that takes over says role="core" from then on, its lag 0', async () => {
    await core!.close();
    core = null;
    await coreDatabase.close();
    await standby;
    const text = await scrapeCore(ports.standby);
    expect(sampleOf(text, 'exchange_standby_replay_lag_seconds', { role: 'core' })).toBe(0);
    expect(sampleOf(text, 'exchange_standby_replay_lag_seconds', { role: 'standby' })).toBeNull();
    expect((await scrapePort(ports.core).catch(() => null))?.status).toBeUndefined();
  });
});
