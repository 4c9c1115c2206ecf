/**
 * The cluster side of `npm run bench:feed -- --gateways 1,2,3`: NATS, an active and a standby
 * core, HAProxy and gateways (`scripts/cluster-launch.ts`) on a fresh PostgreSQL database with
 * BTCUSDT listed and funded traders. `feedGateways` gateways carry the sockets; one more takes the
 * order flow's HTTP calls, so the feed gateways' CPU is the feed's alone. Sockets connect to the
 * feed gateways directly, spread evenly as HAProxy's round robin would place them: HAProxy holds
 * two descriptors a connection and this machine allows 20,000, fewer than 10,000 clients need.
 */
import { connect } from 'nats';
import { busConnectOptions } from '../src/cluster/bus.js';
import { prepareMarket } from './bench-server.js';
import { startBenchCluster } from './cluster-bench.js';
import {
  describeRun,
  figuresOf,
  loadAverage,
  measureRun,
  type Measured,
  type RunOptions,
} from './feed-bench-clients.js';
import { startOrderFlow } from './feed-bench-parts.js';

interface FeedCluster {
  /** Where the order flow goes: the gateway that carries no sockets. */
  flowUrl: string;
  /** The feed gateways, in order: a run with N gateways uses the first N. */
  gateways: { url: string; pid: number }[];
  corePid: number;
  tokens: string[];
  /** Events the core has published on the broker so far (market data and owners' updates). */
  coreEvents(): number;
  stop(): Promise<void>;
}

async function startFeedCluster(
  feedGateways: number,
  traders: number,
  basePort: number,
): Promise<FeedCluster> {
  const market = await prepareMarket(traders);
  const { cluster, corePid } = await startBenchCluster(market, feedGateways + 1, basePort);
  // The core's events, heard as a gateway hears them (its credentials).
  const nc = await connect(await busConnectOptions(cluster.bus('gateway')));
  let events = 0;
  nc.subscribe('exchange.*.events', { callback: () => events++ });
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const [flow, ...feed] = [...cluster.gateways].reverse();
  return {
    flowUrl: url(flow!.port),
    gateways: feed.reverse().map((g) => ({ url: url(g.port), pid: g.process.pid! })),
    corePid,
    tokens: market.users.map((u) => u.token),
    coreEvents: () => events,
    stop: async () => {
      await nc.close();
      await cluster.stop();
      await market.dispose();
    },
  };
}

/** Issue 34's bar: delivery lag p99 under 100 ms for 10,000 clients over the gateways. */
const CLUSTER_P99_MS = 100;

/** Runs with each count of gateways in `counts` on one cluster; the figures of each. */
export async function runFeedCluster(
  o: RunOptions,
  counts: number[],
  rate: number,
  basePort: number,
) {
  const most = Math.max(...counts);
  const cluster = await startFeedCluster(most, Number(process.env.BENCH_TRADERS ?? 4), basePort);
  o.log(`cluster up: a core, ${most} feed gateways and one for the orders, HAProxy and NATS`);
  const flow = startOrderFlow(cluster.flowUrl, cluster.tokens, rate);
  const runs = [];
  try {
    for (const n of counts) {
      const gateways = cluster.gateways.slice(0, n);
      const m = await measureRun(
        o,
        gateways.map((g) => g.url),
        flow,
        [cluster.corePid, ...gateways.map((g) => g.pid)],
        cluster.coreEvents,
      );
      runs.push(clusterFigures(o, n, m));
    }
  } finally {
    await flow.stop();
    await cluster.stop();
  }
  return runs;
}

function clusterFigures(o: RunOptions, n: number, m: Measured) {
  const figures = figuresOf(o, m);
  const [coreCpu = 0, ...gatewayCpu] = m.cpuSeconds;
  const delivered = gatewayCpu.map((_, i) => m.parts.reduce((s, p) => s + (p.perUrl[i] ?? 0), 0));
  const perGateway = gatewayCpu.map((cpu, i) => ({
    messagesPerSec: Math.round((delivered[i] ?? 0) / m.elapsed),
    cpuPercent: Math.round((cpu / m.elapsed) * 100),
    cpuMicrosPerMessage: Math.round((cpu * 1e6) / Math.max(1, delivered[i] ?? 0)),
  }));
  const coreMicrosPerEvent = Math.round((coreCpu * 1e6) / Math.max(1, m.coreEvents));
  const gatewayMicros =
    (gatewayCpu.reduce((a, b) => a + b, 0) * 1e6) / Math.max(1, figures.messages);
  // One core given to gateways delivers 1e6 / µs-per-message messages a second; at this run's
  // rate per client, that many clients. The core's own core carries 1e6 / µs-per-event events.
  const clientsPerGatewayCore = Math.round(
    1e6 / gatewayMicros / Math.max(0.1, figures.perClientPerSec),
  );
  const result = {
    gateways: n,
    ...figures,
    perGateway,
    coreEventsPerSec: Math.round(m.coreEvents / m.elapsed),
    coreCpuPercent: Math.round((coreCpu / m.elapsed) * 100),
    coreMicrosPerEvent,
    projection: {
      clientsPerGatewayCore,
      coreEventsPerSecOnOneCore: Math.round(1e6 / Math.max(1, coreMicrosPerEvent)),
    },
    loadAverage: loadAverage(),
    pass: figures.connected === o.clients && figures.lagP99Ms < CLUSTER_P99_MS,
  };
  o.log(`\n— ${n} gateway(s) —\n${describeRun(figures)}`);
  for (const [i, g] of perGateway.entries())
    o.log(
      `gateway ${i + 1}: ${g.messagesPerSec} messages/s delivered, CPU ${g.cpuPercent}%, ${g.cpuMicrosPerMessage} µs per message`,
    );
  o.log(
    `core: ${result.coreEventsPerSec} events/s published, CPU ${result.coreCpuPercent}%, ${coreMicrosPerEvent} µs per event`,
  );
  o.log(
    `projection: each core given to gateways carries ~${clientsPerGatewayCore} clients at ${figures.perClientPerSec} messages/s each (N cores: N × that); ` +
      `one core for the core role publishes up to ~${result.projection.coreEventsPerSecOnOneCore} events/s`,
  );
  o.log(
    `bar (p99 < ${CLUSTER_P99_MS} ms with every client connected): ${result.pass ? 'met' : 'NOT met'}; load ${result.loadAverage}`,
  );
  return result;
}
