/**
 * The client side of `npm run bench:feed`: processes of Socket.IO clients (LeanSocket) subscribed
 * to BTCUSDT, spread over one or more URLs, each counting what it hears and its lags while the
 * bench measures; `measureRun` forks them (this file, with BENCH_FEED_CLIENTS set) and gathers
 * their figures.
 */
import os from 'node:os';
import type {
  OrderBookUpdate,
  RecentTrade,
  SocketPayload,
  SubscribeAck,
} from '@exchange/contracts';
import { type CountedResult, forkClients, sumEvents } from './client-processes.js';
import { processSeconds } from './cpu-usage.js';
import { Samples, summary, type startOrderFlow } from './feed-bench-parts.js';
import { LeanSocket } from './lean-socket.js';

const SYMBOL = 'BTCUSDT';

type Client = LeanSocket;

/**
 * `count` sockets spread evenly over `urls`; `onSocket` is told which URL each went to. A socket
 * the server refused or timed out (an overloaded gateway's 408) is left out, not fatal: the run
 * reports how many connected.
 */
async function connectClients(
  urls: string[],
  count: number,
  onSocket: (s: Client, at: number) => void,
) {
  const sockets: Client[] = [];
  const BATCH = 100;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, async (_, j) => {
      const at = (i + j) % urls.length;
      const socket = await LeanSocket.connect(urls[at]!).catch(() => null);
      if (!socket) return;
      onSocket(socket, at);
      sockets.push(socket);
      const ack = (await socket.emitWithAck('subscribe', SYMBOL)) as SubscribeAck;
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
    });
    await Promise.all(batch);
  }
  return sockets;
}

interface WorkerResult extends CountedResult {
  /** Messages received through each of the URLs the sockets were spread over. */
  perUrl: number[];
}

/** A client process: its share of the sockets, measured while the main process says so. */
async function runClients(urls: string[], count: number): Promise<void> {
  const send = (m: unknown) => (process.send as (m: unknown) => boolean)(m);
  const lag = new Samples();
  const tradeLag = new Samples();
  let messages = 0;
  let gaps = 0;
  const byEvent: Record<string, number> = {};
  const lastSeq = new WeakMap<Client, number>();
  const perUrl = urls.map(() => 0);
  const sockets = await connectClients(urls, count, (socket, at) => {
    socket.onAny((event, message) => {
      const payload = message as SocketPayload<unknown>;
      const now = Date.now();
      if (!lag.on) return;
      messages++;
      perUrl[at]! += 1;
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
        perUrl,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      };
      send(result);
    }
  });
}

/** How a run is made, from the bench's options. */
export interface RunOptions {
  clients: number;
  /** Client processes: one thread decoding 2,000 sockets' messages would measure itself. */
  workers: number;
  seconds: number;
  warmupMs: number;
  log(line: string): void;
}

export type OrderFlow = ReturnType<typeof startOrderFlow>;

export interface Measured {
  parts: WorkerResult[];
  subscribed: number;
  elapsed: number;
  ordersPerSec: number;
  orderFailures: number;
  /** CPU seconds each of the pids given spent while measuring. */
  cpuSeconds: number[];
  /** Core events published while measuring (a cluster's). */
  coreEvents: number;
}

/**
 * One measured run: CLIENTS sockets in WORKERS processes spread over `urls`, while `flow` trades;
 * the CPU of `pids` and the count `events` gives are taken over the measured seconds.
 */
export async function measureRun(
  o: RunOptions,
  urls: string[],
  flow: OrderFlow,
  pids: number[] = [],
  events: () => number = () => 0,
): Promise<Measured> {
  const started = performance.now();
  const workers = await forkClients<WorkerResult>(
    import.meta.filename,
    CLIENT_ROLE,
    urls.join(','),
    o.clients,
    o.workers,
  );
  const subscribed = workers.ready;
  o.log(
    `${subscribed} clients in ${o.workers} processes connected to ${urls.length} URL(s) and subscribed in ${Math.round(performance.now() - started)} ms`,
  );
  await new Promise((r) => setTimeout(r, o.warmupMs));
  const before = flow.stats();
  const cpuBefore = pids.map(processSeconds);
  const eventsBefore = events();
  const t0 = performance.now();
  const results = workers.start();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  workers.stop();
  const elapsed = (performance.now() - t0) / 1000;
  const cpuSeconds = pids.map((pid, i) => processSeconds(pid) - (cpuBefore[i] ?? 0));
  const coreEvents = events() - eventsBefore;
  const after = flow.stats();
  const parts = await results;
  workers.kill();
  return {
    parts,
    subscribed,
    elapsed,
    ordersPerSec: Math.round((after.placed - before.placed) / elapsed),
    orderFailures: after.failed - before.failed,
    cpuSeconds,
    coreEvents,
  };
}

/** What every run reports: messages, lags, gaps. */
export function figuresOf(o: RunOptions, m: Measured) {
  const { parts, elapsed, subscribed } = m;
  const messages = parts.reduce((n, p) => n + p.messages, 0);
  const events = sumEvents(parts);
  const delivery = summary(parts.map((p) => p.lags));
  const trades = summary(parts.map((p) => p.tradeLags));
  const clientCpu = parts.reduce((n, p) => n + p.cpuSeconds, 0);
  return {
    clients: o.clients,
    connected: subscribed,
    clientProcesses: o.workers,
    seconds: Math.round(elapsed * 10) / 10,
    ordersPerSec: m.ordersPerSec,
    orderFailures: m.orderFailures,
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
    bookSeqGaps: parts.reduce((n, p) => n + p.gaps, 0),
  };
}

export function describeRun(f: ReturnType<typeof figuresOf>): string {
  return [
    `clients ${f.connected}/${f.clients}, ${f.ordersPerSec} orders/s over ${f.seconds} s`,
    `delivered ${f.messagesPerSec} messages/s (${f.perClientPerSec} per client); the clients spent ${f.clientCpuMicrosPerMessage} µs of CPU per message`,
    `delivery lag (send stamp → received): p50 ${f.lagP50Ms} ms, p99 ${f.lagP99Ms} ms, max ${f.lagMaxMs} ms`,
    `trade lag (trade time → received, incl. commit and conflation): p50 ${f.tradeLagP50Ms} ms, p99 ${f.tradeLagP99Ms} ms`,
    `book sequence gaps: ${f.bookSeqGaps}`,
  ].join('\n');
}

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(1));

/** Set in the client processes: `url[,url…] count`. */
const CLIENT_ROLE = 'BENCH_FEED_CLIENTS';
const role = process.env[CLIENT_ROLE]?.split(' ');
if (role) await runClients((role[0] as string).split(','), Number(role[1]));
