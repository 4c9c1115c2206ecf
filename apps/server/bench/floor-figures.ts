/**
 * The floor (floor-server.ts) measured from any benchmark: one kind of floor server started,
 * loaded by `clients` HTTP clients for `seconds`, and stopped. bench:floor prints all three kinds;
 * bench:trading and bench:orders-ws measure `http` and `postgres` in their own run, so their
 * figures read as a share of what this machine allowed at that moment.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../test/support/free-port.js';
import { benchDatabase, prepareMarket } from './bench-server.js';
import { cpuPerCall, startCpuMeter, type CpuSpent } from './cpu-usage.js';
import { HttpConnection } from './http-client.js';
import { ms, percentile } from './latency.js';

export const FLOOR_KINDS = ['http', 'fastify', 'postgres', 'orders'] as const;
export type FloorKind = (typeof FLOOR_KINDS)[number];

export interface FloorFigures {
  requestsPerSec: number;
  p50ms: number;
  p99ms: number;
  failures: number;
  cpuMicrosPerRequest: CpuSpent;
}

async function startFloor(kind: FloorKind, env: Record<string, string>) {
  const entry = path.join(import.meta.dirname, 'floor-server.ts');
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry, kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line === 'ready') return child;
  }
  throw new Error(`floor server ${kind} did not start`);
}

async function load(url: string, clients: number, seconds: number) {
  const connections = await Promise.all(
    Array.from({ length: clients }, () => HttpConnection.open(url)),
  );
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const headers = { authorization: 'Bearer floor', 'content-type': 'application/json' };
  const client = async (connection: HttpConnection, i: number) => {
    for (let n = 0; performance.now() < until; n++) {
      const body = JSON.stringify({
        symbol: 'BTCUSDT',
        order_type: 'limit',
        trade_type: (i + n) % 2 ? 'buy' : 'sell',
        price: (30000 + ((n * 7919 + i) % 41)).toFixed(2),
        volume: '0.001',
      });
      const start = performance.now();
      const res = await connection.request('POST', '/api/v1/orders/spot', headers, body);
      latencies.push(performance.now() - start);
      if (res.status !== 200) failures++;
      else JSON.parse(res.body);
    }
  };
  const started = performance.now();
  await Promise.all(connections.map(client));
  const elapsed = (performance.now() - started) / 1000;
  for (const connection of connections) connection.close();
  return { latencies: latencies.sort((a, b) => a - b), failures, elapsed };
}

/** The database a floor writes to: none, a fresh one, or a fresh market's (`orders`). */
async function floorDatabase(kind: FloorKind) {
  if (kind === 'postgres') return benchDatabase();
  if (kind !== 'orders') return null;
  const market = await prepareMarket(64);
  return { url: market.env.DATABASE_URL!, drop: () => market.dispose() };
}

/** One floor server of `kind` under load; one that writes on a fresh database, dropped after. */
export async function measureFloor(
  kind: FloorKind,
  clients: number,
  seconds: number,
): Promise<FloorFigures> {
  const port = await freePort();
  const database = await floorDatabase(kind);
  const server = await startFloor(kind, {
    PORT: String(port),
    ...(database && { DATABASE_URL: database.url }),
  });
  try {
    const meter = startCpuMeter(server.pid);
    const r = await load(`http://127.0.0.1:${port}`, clients, seconds);
    const spent = meter.stop();
    const perRequest = (side: keyof CpuSpent) =>
      Math.round((spent[side] * 1e6) / r.latencies.length);
    return {
      requestsPerSec: Math.round(r.latencies.length / r.elapsed),
      p50ms: ms(percentile(r.latencies, 0.5)),
      p99ms: ms(percentile(r.latencies, 0.99)),
      failures: r.failures,
      cpuMicrosPerRequest: {
        server: perRequest('server'),
        database: database ? perRequest('database') : 0,
        generator: perRequest('generator'),
      },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database?.drop();
  }
}

/** One line of a floor's figures. */
export function describeFloor(kind: FloorKind, f: FloorFigures): string {
  const cpu = f.cpuMicrosPerRequest;
  return (
    `floor ${kind}: ${f.requestsPerSec} requests/s, p50 ${f.p50ms} ms, p99 ${f.p99ms} ms, ` +
    `${f.failures} failed; CPU per request: server ${cpu.server} µs, PostgreSQL ${cpu.database} µs, ` +
    `load generator ${cpu.generator} µs`
  );
}

/**
 * The floors a trading benchmark reads its figures against: bare node:http, the one-row PG one
 * and the order-shaped one.
 */
export interface Floors {
  http: FloorFigures;
  postgres: FloorFigures;
  orders: FloorFigures;
}

/** The three floors, each printed as it is measured. */
export async function measureFloors(clients: number, seconds: number): Promise<Floors> {
  const floors: Partial<Floors> = {};
  for (const kind of ['http', 'postgres', 'orders'] as const) {
    floors[kind] = await measureFloor(kind, clients, seconds);
    console.log(describeFloor(kind, floors[kind]));
  }
  return floors as Floors;
}

/** The cores this machine gives a benchmark's three sides (server, PostgreSQL, load generator). */
export const CORES = os.availableParallelism();

/**
 * The most calls a second the cores allow for a run whose calls cost `cpu` in all (server,
 * PostgreSQL and load generator share the cores): once every core is busy, no more.
 */
export function cpuCeiling(cpu: CpuSpent): number {
  const perCall = cpuPerCall(cpu);
  return perCall > 0 ? Math.round((CORES * 1e6) / perCall) : 0;
}

/**
 * A run's calls a second as a share of the PG floor's requests a second, and its server CPU per
 * call beside bare node:http's; then its CPU per call by process and the ceiling the cores set
 * on it, as a share of the floor's measured requests/s: the share this machine can reach at best.
 */
export function againstFloor(
  name: string,
  figures: { requestsPerSec: number; cpuMicrosPerRequest: CpuSpent },
  floors: Floors,
): string {
  const floor = floors.postgres.requestsPerSec;
  const share = (100 * figures.requestsPerSec) / floor;
  const cpu = figures.cpuMicrosPerRequest;
  const ceiling = cpuCeiling(cpu);
  const floorCeiling = cpuCeiling(floors.postgres.cpuMicrosPerRequest);
  return (
    `${name} against the floor: ${figures.requestsPerSec} calls/s = ${share.toFixed(0)} % of the PostgreSQL floor's ` +
    `${floor} requests/s; server CPU per call ${cpu.server} µs ` +
    `beside bare node:http's ${floors.http.cpuMicrosPerRequest.server} µs (the PostgreSQL floor's ${floors.postgres.cpuMicrosPerRequest.server} µs)\n` +
    `  ceiling: ${cpu.server} + ${cpu.database} + ${cpu.generator} µs per call (server + PostgreSQL + load generator) ` +
    `on ${CORES} cores allow at most ${ceiling} calls/s = ${((100 * ceiling) / floor).toFixed(0)} % of the floor's measured requests/s ` +
    `and ${((100 * ceiling) / floorCeiling).toFixed(0)} % of the floor's own ceiling, ${floorCeiling} requests/s ` +
    `(the share that holds when both are CPU-bound; the floor may be short of its ceiling on waits)\n` +
    againstOrderShape(figures, floors.orders)
  );
}

/**
 * A run beside the order-shaped floor (the rows an order writes, written by bare node:http):
 * its calls a second as a share of the floor's, and its CPU per call in all as a multiple of the
 * floor's, process by process.
 */
export function againstOrderShape(
  figures: { requestsPerSec: number; cpuMicrosPerRequest: CpuSpent },
  floor: FloorFigures,
): string {
  const cpu = figures.cpuMicrosPerRequest;
  const own = floor.cpuMicrosPerRequest;
  const ratio = cpuPerCall(cpu) / Math.max(cpuPerCall(own), 1);
  return (
    `  order-shaped floor: ${((100 * figures.requestsPerSec) / floor.requestsPerSec).toFixed(0)} % of its ${floor.requestsPerSec} requests/s; ` +
    `CPU per call ${cpuPerCall(cpu)} µs = ${ratio.toFixed(2)}x its ${cpuPerCall(own)} µs ` +
    `(server ${cpu.server} against ${own.server}, PostgreSQL ${cpu.database} against ${own.database}, ` +
    `load generator ${cpu.generator} against ${own.generator})`
  );
}
