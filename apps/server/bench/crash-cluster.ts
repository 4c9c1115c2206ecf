/**
 * npm run crash:cluster [-- --rounds 10 --http 6 --ws 4 --sockets 50 --port 4570 --json]
 *
 * Issue 50's failover figures: a supervised cluster (`scripts/cluster-launch.ts`: three NATS
 * nodes, an active and a standby core, three gateways, two HAProxy instances) on a fresh
 * PostgreSQL database; each round kills, with SIGKILL and one after another, a gateway (each in
 * turn), the active core, the standby, a NATS node and an HAProxy (each in turn), while HTTP and
 * WebSocket clients place orders through both balancers and the supervisor starts each member
 * again. Each kill's figures are printed (`bench/cluster-rounds.ts` says what is checked), then
 * the totals; exits 1 if any kill lost an acknowledged order or failed the ledger audit, or the
 * first order after a kill took 5 s or more.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { clusterToolsMissing } from '../scripts/cluster-launch.js';
import { prepareMarket } from './bench-server.js';
import {
  describeRound,
  killRound,
  type RoundFigures,
  settledCluster,
  startFailoverCluster,
  type Victim,
  victimOf,
} from './cluster-rounds.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    http: { type: 'string', default: '6' },
    ws: { type: 'string', default: '4' },
    sockets: { type: 'string', default: '50' },
    port: { type: 'string', default: '4570' },
    /** The kinds of kill each round makes, in order. */
    kills: { type: 'string', default: 'gateway,core,standby,nats,haproxy' },
    json: { type: 'boolean', default: false },
  },
});
const missing = clusterToolsMissing();
if (missing) throw new Error(`${missing}: apt-get install haproxy nats-server`);
const ROUNDS = Number(values.rounds);
const KILLS = values.kills.split(',') as Victim[];
const options = {
  http: Number(values.http),
  ws: Number(values.ws),
  sockets: Number(values.sockets),
  beforeMs: 1500,
  afterMs: 1500,
};

const market = await prepareMarket(Math.max(options.http, options.ws));
const { cluster, keys } = await startFailoverCluster(market, Number(values.port), options.ws);
const kills: RoundFigures[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const kind of KILLS) {
      await settledCluster(cluster);
      const victim = await victimOf(cluster, kind, round - 1);
      const figures = await killRound(cluster, market, keys, victim, options);
      kills.push(figures);
      if (!values.json) console.log(`round ${round} ${describeRound(figures)}`);
    }
} finally {
  await cluster.stop();
  await market.dispose();
}
const range = (pick: (f: RoundFigures) => number) => {
  const byKind: Record<string, string> = {};
  for (const kind of KILLS) {
    const of = kills.filter((f) => f.kind === kind).map(pick);
    if (of.length) byKind[kind] = `${Math.min(...of)}-${Math.max(...of)}`;
  }
  return byKind;
};
const summary = {
  rounds: ROUNDS,
  kills: kills.length,
  acknowledged: kills.reduce((n, f) => n + f.acknowledged, 0),
  lost: kills.reduce((n, f) => n + f.lost, 0),
  unanswered: kills.reduce((n, f) => n + f.unanswered, 0),
  auditsPassed: kills.filter((f) => f.auditOk).length,
  inFlightAnsweredMs: range((f) => f.inFlightAnsweredMs ?? 0),
  firstAckMs: range((f) => f.firstAckMs),
  longestSilenceMs: range((f) => f.silenceMs.max),
  backMs: range((f) => f.backMs),
  loadAverage: os.loadavg().map((l) => l.toFixed(1)),
};
const pass =
  summary.lost === 0 &&
  summary.auditsPassed === kills.length &&
  kills.every((f) => f.firstAckMs < 5000);
if (values.json) console.log(JSON.stringify({ kills, summary, pass }));
else console.log(summary, pass ? 'PASS' : 'FAILED');
process.exitCode = pass ? 0 : 1;
