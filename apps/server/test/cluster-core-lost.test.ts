import { type ChildProcess, spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { connect as connectNats, type Msg, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterToolsMissing, NATS_SERVER, waitFor } from '../scripts/cluster-launch.js';
import { CORE_QUEUE, encodeJson, subjectsFor, type Subjects } from '../src/cluster/bus.js';
import { buildGateway } from '../src/cluster/gateway.js';
import { databaseIdentity } from '../src/db/identity.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { openTestDatabase } from './support/databases.js';
import { freePort } from './support/free-port.js';
import { gatewayReady } from './support/gateway-ready.js';
import { testConfig } from './support/test-app.js';

/**
 * A core that dies with calls in flight (issue 50): its gateway hears of it from the broker and
 * answers those calls 503 with Retry-After at once, not after CORE_TIMEOUT_MS (set to a minute
 * here). The core is a connection on a real NATS server that answers pings and takes calls but
 * never answers them, then drops: what a SIGKILLed core looks like to its gateway (the crash
 * bench, `npm run crash:cluster`, kills real cores).
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : clusterToolsMissing();
if (missing) console.warn(`cluster core-lost tests skipped: ${missing}`);

const CORE_TIMEOUT_MS = 60_000;

describe.skipIf(missing)('a gateway whose core dies with calls in flight', () => {
  let nats: ChildProcess;
  let natsUrl: string;
  let database: DatabaseHandle & { url?: string };
  let gateway: FastifyInstance;
  let subjects: Subjects;

  beforeAll(async () => {
    const port = await freePort();
    natsUrl = `nats://127.0.0.1:${port}`;
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    database = await openTestDatabase('postgres');
    subjects = subjectsFor(await databaseIdentity(database.db));
    const env = {
      NATS_URL: natsUrl,
      DATABASE_URL: database.url!,
      CORE_TIMEOUT_MS: String(CORE_TIMEOUT_MS),
      ROLE: 'gateway',
    };
    gateway = await buildGateway(testConfig(env), { logStream: { write: () => undefined } });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    nats?.kill();
  });

  /** A core that answers pings under `epoch` and keeps every call it is handed unanswered. */
  async function silentCore(epoch: string) {
    const nc = await connectNats({ servers: natsUrl });
    const calls: Msg[] = [];
    const core = { nc, calls, pings: 0, subs: [] as Subscription[] };
    core.subs = [
      nc.subscribe(subjects.ping, {
        queue: CORE_QUEUE,
        callback: (_err, msg) => {
          core.pings++;
          msg.respond(encodeJson({ epoch, symbols: ['BTCUSDT'] }));
        },
      }),
      ...[subjects.http, subjects.entry].map((subject) =>
        nc.subscribe(subject, { queue: CORE_QUEUE, callback: (_err, msg) => calls.push(msg) }),
      ),
    ];
    await nc.flush();
    return core;
  }

  it('answers every call in flight 503 with Retry-After within about a second of the loss', async () => {
    const core = await silentCore('first');
    await gatewayReady(gateway);
    const sent = Array.from({ length: 3 }, (_, i) =>
      gateway.inject({
        method: 'POST',
        url: '/api/v1/orders/spot',
        headers: { 'content-type': 'application/json' },
        payload: { symbol: 'BTCUSDT', client_order_id: `lost-${i}` },
      }),
    );
    await waitFor(
      async () => core.calls.length === 3 || null,
      10_000,
      'calls never reached the core',
    );
    const lostAt = Date.now();
    await core.nc.close();
    const answers = await Promise.all(sent);
    const waited = Date.now() - lostAt;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE' });
    }
    // Far below CORE_TIMEOUT_MS: the broker's "no responders" told the gateway.
    expect(waited).toBeLessThan(CORE_TIMEOUT_MS / 10);
    // New calls while no core is there: refused at once.
    const next = await gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    expect(next.statusCode).toBe(503);
    expect(next.headers['retry-after']).toBe('1');
  });

  it("fails the calls left waiting on the last core once a new core's epoch answers", async () => {
    const last = await silentCore('last');
    await gatewayReady(gateway);
    const sent = gateway.inject({ method: 'GET', url: '/api/v1/symbols' });
    await waitFor(async () => last.calls.length === 1 || null, 10_000, 'the call never arrived');
    // The gateway has heard this core's epoch (it pings every 250 ms).
    const pinged = last.pings;
    await waitFor(async () => last.pings > pinged || null, 10_000, 'no ping answered');
    // A new core answers the pings, and the last one leaves (its connection stays open): the
    // broker never says "no responders", only the new epoch tells.
    const next = await silentCore('next');
    for (const sub of last.subs) sub.unsubscribe();
    const answer = await sent;
    expect(answer.statusCode).toBe(503);
    await next.nc.close();
    await last.nc.close();
  });
});
