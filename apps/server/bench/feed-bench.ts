/**
 * `npm run bench:feed [-- --json] [-- --clients 2000 --seconds 15 --rate 200]`: starts the server
 * in its own process (in-memory PGlite, or a fresh database on DATABASE_URL's server), connects
 * `clients` Socket.IO clients (websocket) subscribed to BTCUSDT while traders place crossing
 * limit orders over HTTP, and measures the messages delivered per second and the delivery lag:
 * receive time minus the server's send stamp (`ts`), and for trades receive time minus the trade
 * time (which includes the commit and the up-to-100 ms conflation). With --json the last line is
 * one JSON object.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import type {
  OrderBookUpdate,
  RecentTrade,
  SocketPayload,
  SubscribeAck,
} from '@exchange/contracts';
import { Samples, startFeedServer, startOrderFlow, summary } from './feed-bench-parts.js';
import { LeanSocket } from './lean-socket.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    clients: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
/** Orders per second over HTTP, half of them taking the other half. */
const RATE = Number(args.rate);
const WARMUP_MS = 2000;
/** Client processes: one thread decoding 2,000 sockets' messages would measure itself. */
const WORKERS = Math.max(1, Number(args.workers));
const SYMBOL = 'BTCUSDT';
const log = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);

type Client = LeanSocket;

async function connectClients(url: string, count: number, onSocket: (s: Client) => void) {
  const sockets: Client[] = [];
  const BATCH = 100;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, async () => {
      const socket = await LeanSocket.connect(url);
      onSocket(socket);
      sockets.push(socket);
      const ack = (await socket.emitWithAck('subscribe', SYMBOL)) as SubscribeAck;
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
    });
    await Promise.all(batch);
  }
  return sockets;
}

interface WorkerResult {
  messages: number;
  events: Record<string, number>;
  lags: Float64Array;
  tradeLags: Float64Array;
  gaps: number;
  /** CPU seconds the client process spent while measuring. */
  cpuSeconds: number;
}

/** A client process: its share of the sockets, measured while the main process says so. */
async function runClients(url: string, count: number): Promise<void> {
  const send = (m: unknown) => (process.send as (m: unknown) => boolean)(m);
  const lag = new Samples();
  const tradeLag = new Samples();
  let messages = 0;
  let gaps = 0;
  const byEvent: Record<string, number> = {};
  const lastSeq = new WeakMap<Client, number>();
  const sockets = await connectClients(url, count, (socket) => {
    socket.onAny((event, message) => {
      const payload = message as SocketPayload<unknown>;
      const now = Date.now();
      if (!lag.on) return;
      messages++;
      byEvent[event] = (byEvent[event] ?? 0) + 1;
      if (typeof payload.ts === 'number') lag.add(now - payload.ts);
      if (event.startsWith('trade_update@'))
        for (const t of payload.data as RecentTrade[]) tradeLag.add(now - t.time);
      if (event.startsWith('orderbook_update@')) {
        const u = payload.data as OrderBookUpdate;
        const last = lastSeq.get(socket);
        if (last !== undefined && u.prev_seq > last) gaps++;
        lastSeq.set(socket, u.seq);
      }
    });
  });
  send({ ready: sockets.filter((s) => s.connected).length });
  let cpuAtStart = process.cpuUsage();
  process.on('message', (m: string) => {
    if (m === 'start') {
      lag.on = tradeLag.on = true;
      cpuAtStart = process.cpuUsage();
    }
    if (m === 'stop') {
      const cpu = process.cpuUsage(cpuAtStart);
      lag.on = tradeLag.on = false;
      for (const s of sockets) s.disconnect();
      const result: WorkerResult = {
        messages,
        events: byEvent,
        lags: lag.values(),
        tradeLags: tradeLag.values(),
        gaps,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      };
      send(result);
    }
  });
}

/** Set in the client processes: `url count`. */
const CLIENT_ROLE = 'BENCH_FEED_CLIENTS';
const role = process.env[CLIENT_ROLE]?.split(' ');
if (role) await runClients(role[0] as string, Number(role[1]));
else await main();

async function main(): Promise<void> {
  const started = performance.now();
  const server = await startFeedServer();
  log(`server up at ${server.url} in ${Math.round(performance.now() - started)} ms`);
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
  const subscribed = ready.reduce((n, r) => n + r.ready, 0);
  log(
    `${subscribed} clients in ${WORKERS} processes connected and subscribed in ${Math.round(performance.now() - started)} ms`,
  );

  const flow = startOrderFlow(server.url, server.tokens, RATE);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = flow.stats();
  const t0 = performance.now();
  const results = workers.map(next) as Promise<WorkerResult>[];
  for (const w of workers) w.send('start');
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  for (const w of workers) w.send('stop');
  const elapsed = (performance.now() - t0) / 1000;
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
  const clientCpu = parts.reduce((n, p) => n + p.cpuSeconds, 0);
  const result = {
    bench: 'feed',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    clients: CLIENTS,
    connected: subscribed,
    clientProcesses: WORKERS,
    seconds: Math.round(elapsed * 10) / 10,
    ordersPerSec: Math.round((after.placed - before.placed) / elapsed),
    orderFailures: after.failed,
    messages,
    messagesPerSec: Math.round(messages / elapsed),
    perClientPerSec: Math.round((messages / elapsed / Math.max(1, subscribed)) * 10) / 10,
    /** The clients' CPU per message received: what the benchmark itself takes from the server. */
    clientCpuMicrosPerMessage: Math.round((clientCpu * 1e6) / Math.max(1, messages)),
    events,
    lagP50Ms: delivery.p50,
    lagP99Ms: delivery.p99,
    lagMaxMs: delivery.max,
    tradeLagP50Ms: trades.p50,
    tradeLagP99Ms: trades.p99,
    bookSeqGaps: gaps,
    pass: subscribed === CLIENTS && delivery.p99 < 200,
  };
  log(
    [
      `clients ${subscribed}/${CLIENTS}, ${result.ordersPerSec} orders/s over ${result.seconds} s`,
      `delivered ${result.messagesPerSec} messages/s (${result.perClientPerSec} per client); the clients spent ${result.clientCpuMicrosPerMessage} µs of CPU per message`,
      `delivery lag (send stamp → received): p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms`,
      `trade lag (trade time → received, incl. commit and conflation): p50 ${trades.p50} ms, p99 ${trades.p99} ms`,
      `book sequence gaps: ${gaps}; bar (p99 < 200 ms with 2,000 clients): ${result.pass ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
