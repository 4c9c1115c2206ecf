/**
 * npm run crash:cluster [-- --rounds 10 --clients 8 --sockets 50 --port 4570 --json]
 *
 * Issue 34's failover figures: a cluster (`scripts/cluster-launch.ts`: NATS, an active and a
 * standby core, three gateways, HAProxy) on a fresh PostgreSQL database; `--rounds` times, a
 * gateway (each in turn) is killed with SIGKILL while orders stream and sockets follow through
 * HAProxy, then the active core is. Each round's figures are printed (`bench/cluster-rounds.ts`
 * says what is checked), then the totals; exits 1 if any round lost an acknowledged order, failed
 * the ledger audit, or the standby took 5 s or more. CORE_TIMEOUT_MS is left at its default (10 s):
 * a call in flight at a core's kill is answered by its gateway's watch (`cluster/core-watch.ts`),
 * and each round says when the last such call was answered.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { clusterToolsMissing, startCluster } from '../scripts/cluster-launch.js';
import { prepareMarket } from './bench-server.js';
import { coreRound, gatewayRound, type RoundFigures } from './cluster-rounds.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '8' },
    sockets: { type: 'string', default: '50' },
    port: { type: 'string', default: '4570' },
    json: { type: 'boolean', default: false },
  },
});
const missing = clusterToolsMissing();
if (missing) throw new Error(`${missing}: apt-get install haproxy nats-server`);
const ROUNDS = Number(values.rounds);
const options = {
  clients: Number(values.clients),
  sockets: Number(values.sockets),
  beforeMs: 1500,
  afterMs: 1500,
};

const market = await prepareMarket(options.clients);
const env = market.env as Record<string, string>;
const cluster = await startCluster({
  basePort: Number(values.port),
  databaseUrl: env.DATABASE_URL!,
  // The market's own folder: its keys are the ones the database was written with (secret-guards.ts).
  dataDir: env.DATA_DIR!,
  gateways: 3,
  entry: 'source',
  output: 'files',
  env: {
    JWT_SECRET: env.JWT_SECRET!,
    RATE_LIMIT_MAX: env.RATE_LIMIT_MAX!,
    DEMO: 'false',
    LOG_LEVEL: 'info',
  },
});
const print = (round: number, f: RoundFigures) => {
  if (values.json) return;
  const statuses = Object.entries(f.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `round ${round} ${f.killed}: ${f.acknowledged} acknowledged, ${f.lost} lost, ` +
      `${f.unanswered} unanswered (${f.unansweredDurable} of them durable), after the kill ${statuses}` +
      `, every call in flight answered after ${f.inFlightAnsweredMs ?? '-'} ms` +
      (f.takeoverMs !== null
        ? `, standby serving after ${f.takeoverMs} ms (lock → serving ${f.lockToServingMs} ms, of which catching up ${f.catchUpMs} ms)`
        : `, ${f.socketsCut} sockets cut, all back within ${f.socketsBackMs} ms`) +
      `, audit ${f.auditOk ? 'passed' : 'FAILED'}`,
  );
};
const gateways: RoundFigures[] = [];
const cores: RoundFigures[] = [];
try {
  await cluster.standingBy(cluster.cores[1]!);
  for (let round = 1; round <= ROUNDS; round++) {
    const victim = cluster.gateways[(round - 1) % cluster.gateways.length]!;
    const g = await gatewayRound(cluster, market, victim, options);
    gateways.push(g);
    print(round, g);
    const standby = (await cluster.activeCore()) === cluster.cores[0] ? 1 : 0;
    await cluster.standingBy(cluster.cores[standby]!);
    const c = await coreRound(cluster, market, options);
    cores.push(c);
    print(round, c);
  }
} finally {
  await cluster.stop();
  await market.dispose();
}
const all = [...gateways, ...cores];
const takeovers = cores.map((c) => c.takeoverMs ?? Infinity).sort((a, b) => a - b);
const summary = {
  rounds: ROUNDS,
  acknowledged: all.reduce((n, f) => n + f.acknowledged, 0),
  lost: all.reduce((n, f) => n + f.lost, 0),
  auditsPassed: all.filter((f) => f.auditOk).length,
  takeoverMs: { min: takeovers[0], max: takeovers.at(-1) },
  inFlightAnsweredMsMax: Math.max(0, ...all.map((f) => f.inFlightAnsweredMs ?? 0)),
  lockToServingMs: cores.map((c) => c.lockToServingMs),
  catchUpMs: cores.map((c) => c.catchUpMs),
  socketsBackMsMax: Math.max(...gateways.map((g) => g.socketsBackMs)),
  loadAverage: os.loadavg().map((l) => l.toFixed(1)),
};
const pass =
  summary.lost === 0 && summary.auditsPassed === all.length && (summary.takeoverMs.max ?? 0) < 5000;
if (values.json) console.log(JSON.stringify({ gateways, cores, summary, pass }));
else console.log(summary, pass ? 'PASS' : 'FAILED');
process.exitCode = pass ? 0 : 1;
