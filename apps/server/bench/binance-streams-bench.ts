/**
 * `npm run bench:binance-streams [-- --json] [-- --clients 1000 --seconds 15 --rate 200]`: the
 * server in its own process (as bench:feed), `clients` plain WebSocket clients on Binance's
 * combined stream `/stream?streams=btcusdt@trade/btcusdt@depth@100ms/btcusdt@miniTicker`, while
 * traders place crossing limit orders over HTTP. Measures the events delivered a second and the
 * delivery lag: receive time minus the event's time `E` (stamped as the server builds it), and
 * for trades receive time minus the trade time `T` (which includes the commit and the up-to-100 ms
 * conflation); counts breaks in each client's depth chain (`U` not the previous `u` + 1). The bar:
 * p99 delivery under 100 ms to 1,000 subscribers. With --json the last line is one JSON object.
 *
 * Where the lag comes from, told apart: the server's CPU and each client process's, in percent of
 * one core (a client process near 100 % queues what it receives, and that queueing is counted
 * as lag), each client process's event-loop delay, and a probe: one more connection in this
 * mostly idle process, whose lag is the server's and the kernel's without a crowded receiver.
 * The machine's load average is printed beside the figures: on a shared machine they swing.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { type CountedResult, forkClients, sumEvents } from './client-processes.js';
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
const round1 = (x: number) => Math.round(x * 10) / 10;
const log = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);

interface WorkerResult extends CountedResult {
  seconds: number;
  loopDelayP99Ms: number;
}

function connect(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/stream?streams=${STREAMS.join('/')}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Follows one connection's events: counts them and their lag, checks its depth chain. */
function follow(ws: WebSocket, lag: Samples, tradeLag: Samples, counts: Counts): void {
  let lastU: number | null = null;
  ws.on('message', (raw) => {
    const now = Date.now();
    const { stream, data } = JSON.parse(String(raw)) as {
      stream: string;
      data: { E: number; T?: number; U?: number; u?: number };
    };
    if (stream.endsWith('@depth@100ms')) {
      if (lastU !== null && data.U !== lastU + 1) counts.gaps += lag.on ? 1 : 0;
      lastU = data.u ?? null;
    }
    if (!lag.on) return;
    counts.messages++;
    counts.events[stream] = (counts.events[stream] ?? 0) + 1;
    lag.add(now - data.E);
    if (data.T !== undefined) tradeLag.add(now - data.T);
  });
}

interface Counts {
  messages: number;
  gaps: number;
  events: Record<string, number>;
}

/** A client process: its share of the connections, measured while the main process says so. */
async function runClients(url: string, count: number): Promise<void> {
  const send = (m: unknown) => (process.send as (m: unknown) => boolean)(m);
  const lag = new Samples();
  const tradeLag = new Samples();
  const counts: Counts = { messages: 0, gaps: 0, events: {} };
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => connect(url)),
    );
    for (const ws of batch) follow(ws, lag, tradeLag, counts);
    sockets.push(...batch);
  }
  send({ ready: sockets.length });
  let cpuAtStart = process.cpuUsage();
  let startedAt = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  process.on('message', (m: string) => {
    if (m === 'start') {
      lag.on = tradeLag.on = true;
      cpuAtStart = process.cpuUsage();
      startedAt = performance.now();
      loop.enable();
    }
    if (m === 'stop') {
      const cpu = process.cpuUsage(cpuAtStart);
      loop.disable();
      lag.on = tradeLag.on = false;
      for (const ws of sockets) ws.terminate();
      const result: WorkerResult = {
        ...counts,
        lags: lag.values(),
        tradeLags: tradeLag.values(),
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        seconds: (performance.now() - startedAt) / 1000,
        loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
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
  const workers = await forkClients<WorkerResult>(
    import.meta.filename,
    CLIENT_ROLE,
    server.url,
    CLIENTS,
    WORKERS,
  );
  const connected = workers.ready;
  log(`${connected} clients in ${WORKERS} processes follow ${STREAMS.join(', ')}`);

  const probe = { lag: new Samples(), tradeLag: new Samples() };
  const probeSocket = await connect(server.url);
  follow(probeSocket, probe.lag, probe.tradeLag, { messages: 0, gaps: 0, events: {} });
  const loadAtStart = os.loadavg()[0] as number;

  const flow = startOrderFlow(server.url, server.tokens, RATE);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = flow.stats();
  const t0 = performance.now();
  const meter = startCpuMeter(server.pid);
  const results = workers.start();
  probe.lag.on = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  workers.stop();
  probe.lag.on = false;
  probeSocket.terminate();
  const loadAtEnd = os.loadavg()[0] as number;
  const elapsed = (performance.now() - t0) / 1000;
  const serverCpu = meter.stop().server;
  const after = flow.stats();
  const parts = await results;
  workers.kill();
  await flow.stop();
  await server.stop();

  const messages = parts.reduce((n, p) => n + p.messages, 0);
  const events = sumEvents(parts);
  const delivery = summary(parts.map((p) => p.lags));
  const trades = summary(parts.map((p) => p.tradeLags));
  const gaps = parts.reduce((n, p) => n + p.gaps, 0);
  const probeLag = summary([probe.lag.values()]);
  const clientCpu = parts.map((p) => Math.round((p.cpuSeconds / p.seconds) * 100));
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
    /** Each client process's CPU in percent of one core: near 100, its own queueing is lag. */
    clientCpuPercent: clientCpu,
    clientLoopDelayP99Ms: parts.map((p) => p.loopDelayP99Ms),
    events,
    /** The server's CPU while measuring, in percent of one core: what the fan-out costs it. */
    serverCpuPercent: Math.round((serverCpu / elapsed) * 100),
    /** The same per event delivered: steadier than the lag on a machine others load. */
    serverCpuMicrosPerEvent: Math.round(((serverCpu * 1e6) / Math.max(1, messages)) * 10) / 10,
    lagP50Ms: delivery.p50,
    lagP99Ms: delivery.p99,
    lagMaxMs: delivery.max,
    probeLagP50Ms: probeLag.p50,
    probeLagP99Ms: probeLag.p99,
    loadAverage: [round1(loadAtStart), round1(loadAtEnd)],
    cores: os.availableParallelism(),
    tradeLagP50Ms: trades.p50,
    tradeLagP99Ms: trades.p99,
    depthChainBreaks: gaps,
    pass: connected === CLIENTS && delivery.p99 < BAR_P99_MS && gaps === 0,
  };
  log(
    [
      `clients ${connected}/${CLIENTS}, ${result.ordersPerSec} orders/s over ${result.seconds} s`,
      `delivered ${result.messagesPerSec} events/s (${result.perClientPerSec} per client); the clients spent ${result.clientCpuMicrosPerEvent} µs of CPU per event`,
      `the server used ${result.serverCpuPercent}% of a core (orders, the feed and the streams together), ${result.serverCpuMicrosPerEvent} µs per event delivered; the client processes ${clientCpu.map((c) => `${c}%`).join(', ')} of a core each${clientCpu.some((c) => c >= 90) ? ' (SATURATED: their queueing counts as lag)' : ''}, event-loop delay p99 ${result.clientLoopDelayP99Ms.join(', ')} ms`,
      `delivery lag (event time E → received): p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms`,
      `probe (one connection in the bench's own process): p50 ${probeLag.p50} ms, p99 ${probeLag.p99} ms`,
      `load average ${result.loadAverage.join(' → ')} on ${result.cores} cores (other work on the machine delays every process)`,
      `trade lag (trade time T → received, incl. commit and conflation): p50 ${trades.p50} ms, p99 ${trades.p99} ms`,
      `depth chain breaks: ${gaps}; bar (p99 < ${BAR_P99_MS} ms to ${CLIENTS} clients, no break): ${result.pass ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
