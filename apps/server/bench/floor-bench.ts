/**
 * npm run bench:floor [-- --json] [--clients N] [--seconds N] [--only http|fastify|postgres]
 *
 * What this machine allows before any exchange logic: the trading benchmark's clients and
 * requests against servers that do the least an order request can (floor-server.ts): node:http,
 * a bare Fastify route, and node:http writing one row per order in group-committed batches on
 * PostgreSQL. Prints requests/s, latency p50/p99 and CPU per request of each side, to read
 * bench:trading's figures against.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort } from '../test/support/free-port.js';
import { benchDatabase } from './bench-server.js';
import { startCpuMeter } from './cpu-usage.js';
import { HttpConnection } from './http-client.js';
import { ms, percentile } from './latency.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    clients: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const KINDS = ['http', 'fastify', 'postgres'] as const;
type Kind = (typeof KINDS)[number];

async function startFloor(kind: Kind, env: Record<string, string>) {
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

const results: Record<string, object> = {};
for (const kind of KINDS.filter((k) => !values.only || k === values.only)) {
  const port = await freePort();
  const database = kind === 'postgres' ? await benchDatabase() : null;
  const server = await startFloor(kind, {
    PORT: String(port),
    ...(database && { DATABASE_URL: database.url }),
  });
  try {
    const meter = startCpuMeter(server.pid);
    const r = await load(
      `http://127.0.0.1:${port}`,
      Number(values.clients),
      Number(values.seconds),
    );
    const spent = meter.stop();
    const perRequest = (side: keyof typeof spent) =>
      Math.round((spent[side] * 1e6) / r.latencies.length);
    const result = {
      requestsPerSec: Math.round(r.latencies.length / r.elapsed),
      p50ms: ms(percentile(r.latencies, 0.5)),
      p99ms: ms(percentile(r.latencies, 0.99)),
      failures: r.failures,
      cpuMicrosPerRequest: {
        server: perRequest('server'),
        database: kind === 'postgres' ? perRequest('database') : 0,
        generator: perRequest('generator'),
      },
    };
    results[kind] = result;
    const cpu = result.cpuMicrosPerRequest;
    console.log(
      `${kind}: ${result.requestsPerSec} requests/s, p50 ${result.p50ms} ms, p99 ${result.p99ms} ms, ` +
        `${r.failures} failed; CPU per request: server ${cpu.server} µs, PostgreSQL ${cpu.database} µs, ` +
        `load generator ${cpu.generator} µs`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database?.drop();
  }
}
if (values.json) console.log(JSON.stringify(results));
