import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchMarket, prepareMarket } from '../bench/bench-server.js';
import { limitOrderBody } from '../bench/crash-orders.js';
import { HttpConnection } from '../bench/http-client.js';
import { type Cluster, clusterToolsMissing, startCluster } from '../scripts/cluster-launch.js';

/**
 * Safe retries through a gateway's death (issue 50): clients place orders through HAProxy, each
 * with its own client order id, and send every call whose answer was lost (the connection cut,
 * 502, 503) again with the same id until it is answered; a gateway is killed with SIGKILL with
 * answers in flight. No order may be in the database twice, and every acknowledged id names the
 * order it was acknowledged with.
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (the cluster runs on PostgreSQL)'
  : clusterToolsMissing();
if (missing) console.warn(`cluster order retry tests skipped: ${missing}`);

/** HAProxy 4600, gateways 4601-4602, cores 4610-4611, NATS 4615, statistics 4616. */
const BASE_PORT = 4600;
const CLIENTS = 6;

describe.skipIf(missing)('orders retried through a killed gateway', () => {
  let market: BenchMarket;
  let cluster: Cluster;

  beforeAll(async () => {
    market = await prepareMarket(CLIENTS);
    const { JWT_SECRET, RATE_LIMIT_MAX } = market.env as Record<string, string>;
    cluster = await startCluster({
      basePort: BASE_PORT,
      databaseUrl: market.env.DATABASE_URL as string,
      dataDir: market.env.DATA_DIR as string,
      gateways: 2,
      entry: 'source',
      output: 'files',
      env: { JWT_SECRET: JWT_SECRET!, RATE_LIMIT_MAX: RATE_LIMIT_MAX!, DEMO: 'false' },
    });
  }, 400_000);

  afterAll(async () => {
    await cluster?.stop();
    await market?.dispose();
  }, 60_000);

  it('places each order once, however often it was sent', async () => {
    let stopped = false;
    const acknowledged = new Map<string, string>();
    let retries = 0;
    const run = async (i: number) => {
      const user = market.users[i % market.users.length] as { token: string };
      const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
      let connection: HttpConnection | null = null;
      for (let n = 0; !stopped; n++) {
        const clientOrderId = `r${i}-${randomBytes(6).toString('hex')}`;
        const body = limitOrderBody(n, i, clientOrderId);
        // The same call until it is answered: a lost answer is sent again with the same id.
        for (let tries = 0; ; tries++) {
          if (tries > 0) retries++;
          try {
            connection ??= await HttpConnection.open(cluster.url);
            const res = await connection.request('POST', '/api/v1/orders/spot', headers, body);
            if (res.status === 200) {
              const data = (JSON.parse(res.body) as { data: { _id: string } }).data;
              acknowledged.set(clientOrderId, String(data._id));
              break;
            }
            if (res.status < 500) throw new Error(`refused ${res.status}: ${res.body}`);
          } catch (err) {
            if (String(err).includes('refused')) throw err;
            connection?.close();
            connection = null;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      connection?.close();
    };
    const running = Promise.all(Array.from({ length: CLIENTS }, (_, i) => run(i)));
    await new Promise((r) => setTimeout(r, 1500));
    const victim = cluster.gateways[0]!;
    const exited = new Promise((r) => victim.process.once('exit', r));
    victim.process.kill('SIGKILL');
    await exited;
    await new Promise((r) => setTimeout(r, 1500));
    stopped = true;
    await running;
    console.log({ acknowledged: acknowledged.size, retries });

    const { db } = market.database;
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'client_order_id'])
      .where('client_order_id', 'like', 'r%-%')
      .execute();
    const byId = new Map<string, string[]>();
    for (const r of rows)
      byId.set(r.client_order_id!, [...(byId.get(r.client_order_id!) ?? []), String(r.id)]);
    const twice = [...byId].filter(([, ids]) => ids.length > 1);
    expect(twice).toEqual([]);
    // Every call was answered in the end, with the one order its id names.
    expect(acknowledged.size).toBeGreaterThan(0);
    for (const [clientOrderId, id] of acknowledged) expect(byId.get(clientOrderId)).toEqual([id]);
    expect(retries).toBeGreaterThan(0);
  }, 300_000);
});
