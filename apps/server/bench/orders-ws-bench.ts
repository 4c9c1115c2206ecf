/**
 * npm run bench:orders-ws [-- --json] [--clients N] [--seconds N] [--warmup N] [--rounds N] [--skip-floor]
 *
 * bench:trading's workload (bench/order-workload.ts) over WebSocket order entry, on connections
 * to /api/v1/ws/trade each signed in with its own API key and carrying `--inflight` (2) clients'
 * calls at once (the same calls in flight in all as over HTTP), measured in the same run as the same
 * workload over HTTP with login tokens against the same server: rounds of both, their order
 * alternating (HTTP first in odd rounds), so a slow stretch of this shared machine falls on both.
 * Prints each run's orders and calls a second, latency p50/p99 and CPU per call of each side,
 * then the CPU a call costs on each side in all (server, PostgreSQL and load generator share this
 * machine's cores, so once they are the limit that bounds the ratio of orders/s), each side's mean
 * calls a second as a share of the PostgreSQL floor's measured in the same run (floor-figures.ts)
 * with its server CPU per call beside bare node:http's and the most calls a second the cores allow
 * at its CPU per call by process (floor-figures.ts `againstFloor`), and the ledger audit. Bar: WebSocket orders/s at least twice HTTP's over the run, its p99 at
 * most 20 ms in every round, no failure, audit passed.
 */
import { parseArgs } from 'node:util';
import { auditLedger } from '../src/modules/audit/service.js';
import { withBenchServer } from './bench-server.js';
import { cpuPerCall, type CpuSpent } from './cpu-usage.js';
import { againstFloor, measureFloors } from './floor-figures.js';
import { describe, measure, type Figures } from './order-figures.js';
import { createBenchKeys, RUN_OPTIONS, runHttp, runOf, runWebSocket } from './order-workload.js';

const { values } = parseArgs({
  options: {
    ...RUN_OPTIONS,
    rounds: { type: 'string', default: '2' },
    /**
     * Calls in flight per WebSocket connection (HTTP keeps one per connection); the same total.
     * 2: the HTTP run's 128 clients are 64 traders with two calls in flight each, so one
     * connection a trader carries both: the same traders, accounts and calls as over HTTP. A
     * program pipelines more on fewer connections (`--inflight 32`: 4 traders with 32 calls
     * each), which also touches fewer accounts a batch: a lighter load, not the same workload.
     */
    inflight: { type: 'string', default: '2' },
    /** One side only (to profile it, with BENCH_CPU_PROF): `http` or `ws`. */
    only: { type: 'string' },
    /** Leaves out the floor's measurement (to profile the server alone). */
    'skip-floor': { type: 'boolean', default: false },
  },
});

const BAR = { ratio: 2, p99ms: 20 };

await withBenchServer(Number(values.users), async (market, server) => {
  const run = runOf(values);
  const keys = await createBenchKeys(market, run.clients);
  const runs: { http: Figures[]; ws: Figures[] } = { http: [], ws: [] };
  let failures = 0;
  const once = async (kind: 'http' | 'ws') => {
    const { result, figures } = await measure(server.pid, run, (full) =>
      kind === 'http'
        ? runHttp(market, full)
        : runWebSocket(market, keys, full, Number(values.inflight)),
    );
    failures += result.failures;
    runs[kind].push(figures);
    console.log(
      describe(kind === 'http' ? 'HTTP' : 'WebSocket', result, figures, run.clients, run.warmup),
    );
  };
  for (let round = 1; round <= Number(values.rounds); round++) {
    console.log(`round ${round}`);
    for (const kind of round % 2 ? (['http', 'ws'] as const) : (['ws', 'http'] as const))
      if (!values.only || values.only === kind) await once(kind);
  }
  const mean = (fs: Figures[]) =>
    Math.round(fs.reduce((sum, f) => sum + f.ordersPerSec, 0) / fs.length);
  const http = mean(runs.http);
  const ws = mean(runs.ws);
  const ratio = Math.round((ws / http) * 100) / 100;
  const worstP99 = Math.max(...runs.ws.map((f) => f.p99ms));
  const audit = await auditLedger(market.database.db);
  const pass = ratio >= BAR.ratio && worstP99 <= BAR.p99ms && failures === 0 && audit.ok;
  console.log(
    `mean orders/s: WebSocket ${ws}, HTTP ${http} (${ratio}×); WebSocket p99 at worst ${worstP99} ms; ${failures} failed`,
  );
  // Server, PostgreSQL and load generator share this machine's cores: once they are the limit,
  // the ratio of orders/s cannot pass the ratio of all the CPU a call costs on each side.
  const meanCpu = (fs: Figures[], side: keyof Figures['cpuMicrosPerRequest']) =>
    fs.reduce((sum, f) => sum + f.cpuMicrosPerRequest[side], 0) / fs.length;
  const meanSpent = (fs: Figures[]): CpuSpent => ({
    server: meanCpu(fs, 'server'),
    database: meanCpu(fs, 'database'),
    generator: meanCpu(fs, 'generator'),
  });
  const cpuOf = (fs: Figures[]) => cpuPerCall(meanSpent(fs));
  if (runs.http.length > 0 && runs.ws.length > 0)
    console.log(
      `CPU per call, all sides: WebSocket ${Math.round(cpuOf(runs.ws))} µs, HTTP ${Math.round(cpuOf(runs.http))} µs ` +
        `(server alone: ${Math.round(meanCpu(runs.ws, 'server'))} and ${Math.round(meanCpu(runs.http, 'server'))} µs); ` +
        `with the cores as the limit the ratio is at most ${(cpuOf(runs.http) / cpuOf(runs.ws)).toFixed(2)}×`,
    );
  const floors = values['skip-floor'] ? null : await measureFloors(run.clients, run.seconds);
  const meanFigures = (fs: Figures[]) => ({
    requestsPerSec: Math.round(fs.reduce((sum, f) => sum + f.requestsPerSec, 0) / fs.length),
    cpuMicrosPerRequest: {
      server: Math.round(meanCpu(fs, 'server')),
      database: Math.round(meanCpu(fs, 'database')),
      generator: Math.round(meanCpu(fs, 'generator')),
    },
  });
  for (const [name, fs] of [
    ['WebSocket', runs.ws],
    ['HTTP', runs.http],
  ] as const)
    if (floors && fs.length > 0) console.log(againstFloor(name, meanFigures(fs), floors));
  console.log(`ledger audit: ${audit.ok ? 'passed' : `FAILED\n${audit.violations.join('\n')}`}`);
  console.log(
    `bar (WebSocket ≥ ${BAR.ratio}× HTTP orders/s, p99 ≤ ${BAR.p99ms} ms, no failure, audit passed): ${pass ? 'met' : 'NOT met'}`,
  );
  if (values.json)
    console.log(
      JSON.stringify({
        clients: run.clients,
        runs,
        floors,
        ratio,
        worstP99,
        auditOk: audit.ok,
        pass,
      }),
    );
  process.exitCode = audit.ok ? 0 : 1;
});
