/**
 * `npm run bench:feed [-- --json] [-- --clients 2000 --seconds 15 --rate 200] [-- --gateways 1,2,3]`:
 * starts the server in its own process (in-memory PGlite, or a fresh database on DATABASE_URL's
 * server), connects
 * `clients` Socket.IO clients (websocket) subscribed to BTCUSDT while traders place crossing
 * limit orders over HTTP, and measures the messages delivered per second and the delivery lag:
 * receive time minus the server's send stamp (`ts`), and for trades receive time minus the trade
 * time (which includes the commit and the up-to-100 ms conflation). With --json the last line is
 * one JSON object.
 *
 * `--gateways 1,2,3` measures a cluster instead (`feed-bench-cluster.ts`): a run for each count,
 * the clients spread over that many gateways, printing each gateway's CPU per delivered message,
 * the core's CPU per market event it publishes, the lags, and what N cores would carry.
 */
import { parseArgs } from 'node:util';
import { describeRun, figuresOf, loadAverage, measureRun } from './feed-bench-clients.js';
import { runFeedCluster } from './feed-bench-cluster.js';
import { startFeedServer, startOrderFlow } from './feed-bench-parts.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    clients: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
    gateways: { type: 'string' },
    port: { type: 'string', default: '4640' },
  },
});
const CLIENTS = Number(args.clients);
/** Orders per second over HTTP, half of them taking the other half. */
const RATE = Number(args.rate);
const log = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);
const run = {
  clients: CLIENTS,
  workers: Math.max(1, Number(args.workers)),
  seconds: Number(args.seconds),
  warmupMs: 2000,
  log,
};

async function singleMain(): Promise<void> {
  const started = performance.now();
  const server = await startFeedServer();
  log(`server up at ${server.url} in ${Math.round(performance.now() - started)} ms`);
  const flow = startOrderFlow(server.url, server.tokens, RATE);
  const measured = await measureRun(run, [server.url], flow);
  await flow.stop();
  await server.stop();
  const figures = figuresOf(run, measured);
  const pass = figures.connected === CLIENTS && figures.lagP99Ms < 200;
  const result = {
    bench: 'feed',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    ...figures,
    pass,
  };
  log(describeRun(figures));
  log(`bar (p99 < 200 ms with 2,000 clients): ${pass ? 'met' : 'NOT met'}; load ${loadAverage()}`);
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

if (args.gateways) {
  const counts = args.gateways.split(',').map(Number);
  const runs = await runFeedCluster(run, counts, RATE, Number(args.port));
  if (args.json) process.stdout.write(`${JSON.stringify({ bench: 'feed-cluster', runs })}\n`);
  process.exit(0);
} else await singleMain();
