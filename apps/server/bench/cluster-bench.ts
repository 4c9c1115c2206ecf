/**
 * A cluster for the benchmarks (`scripts/cluster-launch.ts`: NATS, an active and a standby core,
 * gateways and HAProxy) on a prepared market's database, with the market's secrets and the
 * benchmarks' limits (one address for every client, no rate limit).
 */
import { startCluster, type Cluster } from '../scripts/cluster-launch.js';
import type { BenchMarket } from './bench-server.js';

export interface BenchCluster {
  cluster: Cluster;
  /** The core that holds the writer lock. */
  corePid: number;
  /** Every process that serves a call: the active core, the gateways, HAProxy and NATS. */
  servingPids(): number[];
}

export async function startBenchCluster(
  market: BenchMarket,
  gateways: number,
  basePort: number,
): Promise<BenchCluster> {
  const env = market.env;
  const cluster = await startCluster({
    basePort,
    databaseUrl: env.DATABASE_URL!,
    // The market's own folder: its keys are the ones the database was written with (secret-guards.ts).
    dataDir: env.DATA_DIR!,
    gateways,
    entry: 'source',
    output: 'files',
    env: {
      JWT_SECRET: env.JWT_SECRET!,
      RATE_LIMIT_MAX: env.RATE_LIMIT_MAX!,
      FEED_MAX_SOCKETS_PER_ADDRESS: env.FEED_MAX_SOCKETS_PER_ADDRESS!,
      FEED_HANDSHAKES_PER_MINUTE: env.FEED_HANDSHAKES_PER_MINUTE!,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const core = await cluster.activeCore();
  if (!core?.process.pid) throw new Error('no active core');
  const corePid = core.process.pid;
  return {
    cluster,
    corePid,
    servingPids: () =>
      [
        corePid,
        ...cluster.gateways.map((g) => g.process.pid),
        ...cluster.balancers.map((b) => b.process.pid),
        ...cluster.natsNodes.map((n) => n.process.pid),
      ].filter((pid): pid is number => pid !== undefined),
  };
}
