/**
 * `npm run bench:binance-streams [-- --json] [-- --clients 1000 --seconds 15 --rate 200]`: the
 * server in its own process (as bench:feed), `clients` plain WebSocket clients on Binance's
 * combined stream `/stream?streams=btcusdt@trade/btcusdt@depth@100ms/btcusdt@miniTicker`, while
 * traders place crossing limit orders over HTTP. Measures the events delivered a second and the
 * delivery lag: receive time minus the event's time `E` (stamped as the server builds it), and
 * for trades receive time minus the trade time `T` (which includes the commit and the up-to-100 ms
 * conflation); counts breaks in each client's depth chain (`U` not the previous `u` + 1). The bar:
 * p99 delivery under 100 ms to 1,000 subscribers. With --json the last line is one JSON object.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { startCpuMeter } from './cpu-usage.js';
import { Samples, startFeedServer, startOrderFlow, summary } from './feed-bench-parts.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    clients: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const WORKERS = Math.max(1, Number(args.workers));
const WARMUP_MS = 2000;
const BAR_P99_MS = 100;
const STREAMS = ['btcusdt@trade', 'btcusdt@depth@100ms', 'btcusdt@miniTicker'];
const log = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);

interface WorkerResult {
  messages: number;
  events: Record<string, number>;
  lags: Float64Array;
  tradeLags: Float64Array;
  gaps: number;
  cpuSeconds: number;
}

function connect(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/stream?streams=${STREAMS.join('/')}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A client process: its share of the connections, measured while the main process says so. */
async function runClients(url: string, count: number): Promise<void> {
  const send = (m: unknown) => (process.send as (m: unknown) => boolean)(m);
  const lag = new Samples();
  const tradeLag = new Samples();
  let messages = 0;
  let gaps = 0;
  const events: Record<string, number> = {};
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => connect(url)),
    );
    for (const ws of batch) {
      let lastU: number | null = null;
      ws.on('message', (raw) => {
        const now = Date.now();
        const { stream, data } = JSON.parse(String(raw)) as {
          stream: string;
          data: { E: number; T?: number; U?: number; u?: number };
        };
        if (stream.endsWith('@depth@100ms')) {
          if (lastU !== null && data.U !== lastU + 1) gaps += lag.on ? 1 : 0;
          lastU = data.u ?? null;
        }
        if (!lag.on) return;
        messages++;
        events[stream] = (events[stream] ?? 0) + 1;
        lag.add(now - data.E);
        if (data.T !== undefined) tradeLag.add(now - data.T);
      });
      sockets.push(ws);
    }
  }
  send({ ready: sockets.length });
  let cpuAtStart = process.cpuUsage();
  process.on('message', (m: string) => {
    if (m === 'start') {
      lag.on = tradeLag.on = true;
      cpuAtStart = process.cpuUsage();
    }
    if (m === 'stop') {
      const cpu = process.cpuUsage(cpuAtStart);
      lag.on = tradeLag.on = false;
      for (const ws of sockets) ws.terminate();
      const result: WorkerResult = {
        messages,
        events,
        lags: lag.values(),
        tradeLags: tradeLag.values(),
        gaps,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      };
      send(result);
    }
  });
}

const CLIENT_ROLE = 'BENCH_BINANCE_STREAM_CLIENTS';
const role = process.env[CLIENT_ROLE]?.split(' ');
if (role) await runClients(role[0] as string, Number(role[1]));
else await main();

async function main(): Promise<void> {
  const server = await startFeedServer();
  const workers = Array.from({ length: WORKERS }, (_, i) => {
    const count = Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0);
    return fork(import.meta.filename, [], {
      env: { ...process.env, [CLIENT_ROLE]: `${server.url} ${count}` },
      execArgv: ['--conditions=source', '--import', 'tsx'],
      serialization: 'advanced',
    });
  });
  const next = (w: ChildProcess) =>
    new Promise<unknown>((resolve, reject) => {
      w.once('message', resolve);
      w.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
    });
  const ready = (await Promise.all(workers.map(next))) as { ready: number }[];
  const connected = ready.reduce((n, r) => n + r.ready, 0);
  log(`${connected} clients in ${WORKERS} processes follow ${STREAMS.join(', ')}`);

  const flow = startOrderFlow(server.url, server.tokens, RATE);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = flow.stats();
  const t0 = performance.now();
  const meter = startCpuMeter(server.pid);
  const results = workers.map(next) as Promise<WorkerResult>[];
  for (const w of workers) w.send('start');
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  for (const w of workers) w.send('stop');
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu = meter.stop().server;
  const after = flow.stats();
  const parts = await Promise.all(results);
  for (const w of workers) w.kill();
  await flow.stop();
  await server.stop();

  const messages = parts.reduce((n, p) => n + p.messages, 0);
  const events: Record<string, number> = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p.events)) events[k] = (events[k] ?? 0) + v;
  const delivery = summary(parts.map((p) => p.lags));
  const trades = summary(parts.map((p) => p.tradeLags));
  const gaps = parts.reduce((n, p) => n + p.gaps, 0);
  const result = {
    bench: 'binance-streams',
    clients: CLIENTS,
    connected,
    seconds: Math.round(elapsed * 10) / 10,
    ordersPerSec: Math.round((after.placed - before.placed) / elapsed),
    orderFailures: after.failed,
    messagesPerSec: Math.round(messages / elapsed),
    perClientPerSec: Math.round((messages / elapsed / Math.max(1, connected)) * 10) / 10,
    /** The clients' CPU per event received: what the benchmark itself takes from the server. */
    clientCpuMicrosPerEvent: Math.round(
      (parts.reduce((n, p) => n + p.cpuSeconds, 0) * 1e6) / Math.max(1, messages),
    ),
    events,
    /** The server's CPU while measuring, in percent of one core: what the fan-out costs it. */
    serverCpuPercent: Math.round((serverCpu / elapsed) * 100),
    lagP50Ms: delivery.p50,
    lagP99Ms: delivery.p99,
    lagMaxMs: delivery.max,
    tradeLagP50Ms: trades.p50,
    tradeLagP99Ms: trades.p99,
    depthChainBreaks: gaps,
    pass: connected === CLIENTS && delivery.p99 < BAR_P99_MS && gaps === 0,
  };
  log(
    [
      `clients ${connected}/${CLIENTS}, ${result.ordersPerSec} orders/s over ${result.seconds} s`,
      `delivered ${result.messagesPerSec} events/s (${result.perClientPerSec} per client); the clients spent ${result.clientCpuMicrosPerEvent} µs of CPU per event`,
      `the server used ${result.serverCpuPercent}% of a core (orders, the feed and the streams together)`,
      `delivery lag (event time E → received): p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms`,
      `trade lag (trade time T → received, incl. commit and conflation): p50 ${trades.p50} ms, p99 ${trades.p99} ms`,
      `depth chain breaks: ${gaps}; bar (p99 < ${BAR_P99_MS} ms to ${CLIENTS} clients, no break): ${result.pass ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
