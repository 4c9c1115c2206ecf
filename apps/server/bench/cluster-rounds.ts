/**
 * One failover round against a supervised cluster (`scripts/cluster-launch.ts`), as the failover
 * test runs one of each kind and `npm run crash:cluster` many: HTTP and WebSocket order-entry
 * clients place orders through both HAProxy instances (cluster-load.ts) while one member — a
 * gateway, the active core, the standby, a NATS node or an HAProxy — is killed with SIGKILL, and
 * the supervisor starts it again. What every round checks and measures:
 * - every order a client saw acknowledged is in the database with that state or a later one;
 * - orders whose answer was lost (cut, 502, 503) are counted: each is either in the database or
 *   not, never half there (the ledger audit passes);
 * - the time from the kill to the first acknowledged order sent after it, each client's longest
 *   silence, and the time until the member is back (serving, or standing by);
 * - a gateway's kill: every Socket.IO follower hears the feed again; the active core's: the
 *   standby's lock → serving and catch-up times from its log.
 */
import { io, type Socket } from 'socket.io-client';
import type { ApiCredentials } from '../src/demo/order-entry-client.js';
import { type Cluster, type Member, startCluster } from '../scripts/cluster-launch.js';
import { waitFor } from '../scripts/cluster-wait.js';
import { auditLedger } from '../src/modules/audit/service.js';
import type { BenchMarket } from './bench-server.js';
import { createKeys, type Load, type LoadOptions, startLoad } from './cluster-load.js';
import { countLost } from './crash-orders.js';

export type Victim = 'gateway' | 'core' | 'standby' | 'nats' | 'haproxy';

export interface RoundFigures {
  kind: Victim;
  killed: string;
  /** Orders acknowledged over the round. */
  acknowledged: number;
  /** Acknowledged orders not found in the database in that state or a later one: must be 0. */
  lost: number;
  /** Orders whose answer never came or was a refusal (503, 502, a cut connection). */
  unanswered: number;
  /** Of those, how many the database holds (committed before the answer was lost). */
  unansweredDurable: number;
  /** Answers by status, from the kill until the load stopped. */
  statuses: Record<string, number>;
  /** From the kill to the first acknowledged order sent after it. */
  firstAckMs: number;
  /** From the kill until every call in flight at the kill had its answer (any: 200, 503, cut). */
  inFlightAnsweredMs: number | null;
  /** Each client's longest time without an acknowledgement after the kill: the worst, the median. */
  silenceMs: { max: number; median: number };
  /** From the kill until the supervisor had the member back (serving, or standing by). */
  backMs: number;
  /** A gateway's kill: Socket.IO followers cut, and how long the slowest took to hear the feed. */
  socketsCut: number;
  socketsBackMs: number;
  /** The active core's kill, from the standby's log: lock → serving, and catching up. */
  lockToServingMs: number | null;
  catchUpMs: number | null;
  auditOk: boolean;
}

export interface RoundOptions extends LoadOptions {
  /** Socket.IO followers during a gateway's kill. */
  sockets: number;
  /** How long the load runs before and after the kill. */
  beforeMs: number;
  afterMs: number;
}

interface Follower {
  socket: Socket;
  heardAt: number;
  cutAt: number | null;
  backAt: number | null;
}

/** Sockets following BTCUSDT through HAProxy, subscribing again on every reconnection. */
function follow(url: string, count: number): Follower[] {
  return Array.from({ length: count }, () => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    const follower: Follower = { socket, heardAt: 0, cutAt: null, backAt: null };
    socket.on('connect', () => socket.emit('subscribe', 'BTCUSDT', () => undefined));
    socket.on('disconnect', () => (follower.cutAt ??= Date.now()));
    socket.onAny(() => {
      follower.heardAt = Date.now();
      if (follower.cutAt !== null) follower.backAt ??= follower.heardAt;
    });
    return follower;
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The member a kind of kill takes: the `turn`th of its kind (gateways, NATS nodes, balancers). */
export async function victimOf(cluster: Cluster, kind: Victim, turn: number): Promise<Member> {
  const nth = (list: Member[]) => list[turn % list.length]!;
  if (kind === 'gateway') return nth(cluster.gateways);
  if (kind === 'nats') return nth(cluster.natsNodes);
  if (kind === 'haproxy') return nth(cluster.balancers);
  const active = await cluster.activeCore();
  if (!active) throw new Error('no active core');
  return kind === 'core' ? active : cluster.cores.find((c) => c !== active)!;
}

/** Every member running and back, both balancers sending to every gateway, a standby waiting. */
export async function settledCluster(cluster: Cluster): Promise<void> {
  await waitFor(
    async () => cluster.members().every((m) => m.readyAt !== null) || null,
    180_000,
    'a member is not back',
  );
  await cluster.allGatewaysInRotation();
  const active = await waitFor(() => cluster.activeCore(), 60_000, 'no active core');
  await cluster.standingBy(cluster.cores.find((c) => c !== active)!);
}

async function settle(market: BenchMarket, load: Load) {
  const { db } = market.database;
  const lost = await countLost(db, load.acknowledged);
  const durable = load.unanswered.length
    ? await db
        .selectFrom('orders')
        .select('id')
        .where('client_order_id', 'in', load.unanswered)
        .execute()
    : [];
  const audit = await auditLedger(db);
  return {
    acknowledged: load.acknowledged.length,
    lost,
    unanswered: load.unanswered.length,
    unansweredDurable: durable.length,
    auditOk: audit.ok,
  };
}

/**
 * Kills `victim` (SIGKILL) under load, waits for the first acknowledgement after the kill, runs
 * `afterMs` more, and for the supervisor to have it back; then settles and audits.
 */
export async function killRound(
  cluster: Cluster,
  market: BenchMarket,
  keys: ApiCredentials[],
  victim: Member,
  options: RoundOptions,
): Promise<RoundFigures> {
  const followers = victim.role === 'gateway' ? follow(cluster.url, options.sockets) : [];
  const load = startLoad(cluster.urls, market, keys, options);
  await waitFor(
    async () => followers.every((f) => f.heardAt > 0) || null,
    30_000,
    'the sockets heard nothing',
  );
  const takeover = victim.role === 'core' && (await cluster.activeCore()) === victim;
  await pause(options.beforeMs);
  const killedAt = Date.now();
  const exited = new Promise((r) => victim.process.once('exit', r));
  victim.process.kill('SIGKILL');
  await exited;
  const firstAckMs = (await load.firstAckAfter(killedAt)) - killedAt;
  await pause(options.afterMs);
  const backMs = (await victim.backAfter(killedAt)) - killedAt;
  const cut = followers.filter((f) => f.cutAt !== null);
  const socketsBackMs = await waitFor(
    async () => {
      const heard = followers.every((f) => f.socket.connected && (f.cutAt === null || f.backAt));
      return heard ? Math.max(1, ...cut.map((f) => (f.backAt ?? 0) - (f.cutAt ?? 0))) : null;
    },
    15_000,
    'sockets did not come back',
  );
  await load.stop();
  for (const f of followers) f.socket.close();
  const silences = load.longestSilences(killedAt).sort((a, b) => a - b);
  const standbyLog = takeover ? await cluster.logOf(cluster.cores.find((c) => c !== victim)!) : [];
  const msOf = (msg: string) => {
    const line = standbyLog.find((l) => l.msg === msg);
    return typeof line?.ms === 'number' ? line.ms : null;
  };
  return {
    kind: takeover ? 'core' : victim.role === 'core' ? 'standby' : victim.role,
    killed: victim.name,
    ...(await settle(market, load)),
    statuses: load.statuses,
    firstAckMs,
    inFlightAnsweredMs: load.inFlightAnsweredAfter(killedAt),
    silenceMs: { max: silences.at(-1) ?? 0, median: silences[silences.length >> 1] ?? 0 },
    backMs,
    socketsCut: cut.length,
    socketsBackMs: followers.length ? socketsBackMs : 0,
    lockToServingMs: msOf('standby took over: serving'),
    catchUpMs: msOf('the core caught up'),
  };
}

/** One line of a round's figures, for people. */
export function describeRound(f: RoundFigures): string {
  const statuses = Object.entries(f.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return (
    `${f.kind} ${f.killed}: calls in flight answered within ${f.inFlightAnsweredMs ?? '-'} ms, ` +
    `first order acknowledged ${f.firstAckMs} ms after the kill, longest silence per client ` +
    `${f.silenceMs.max} ms (median ${f.silenceMs.median} ms), back after ${f.backMs} ms; ` +
    `${f.acknowledged} acknowledged, ${f.lost} lost, ${f.unanswered} unanswered (${f.unansweredDurable} durable)` +
    (statuses ? `, after the kill ${statuses}` : '') +
    (f.lockToServingMs !== null
      ? `; standby lock → serving ${f.lockToServingMs} ms (catching up ${f.catchUpMs} ms)`
      : '') +
    (f.socketsCut ? `; ${f.socketsCut} sockets cut, all back within ${f.socketsBackMs} ms` : '') +
    `; audit ${f.auditOk ? 'passed' : 'FAILED'}`
  );
}

/**
 * The failover cluster the test and `crash:cluster` run on `market`'s database and folder (its
 * keys are the ones the database was written with: secret-guards.ts), three gateways, the demo
 * off, and API keys for the WebSocket clients.
 */
export async function startFailoverCluster(
  market: BenchMarket,
  basePort: number,
  wsClients: number,
): Promise<{ cluster: Cluster; keys: ApiCredentials[] }> {
  const env = market.env;
  const cluster = await startCluster({
    basePort,
    databaseUrl: env.DATABASE_URL!,
    dataDir: env.DATA_DIR!,
    gateways: 3,
    entry: 'source',
    output: 'files',
    env: {
      JWT_SECRET: env.JWT_SECRET!,
      RATE_LIMIT_MAX: env.RATE_LIMIT_MAX!,
      BINANCE_ORDERS_PER_10S: env.BINANCE_ORDERS_PER_10S!,
      BINANCE_ORDERS_PER_DAY: env.BINANCE_ORDERS_PER_DAY!,
      // Every round's orders rest on the same few traders' books.
      MAX_OPEN_ORDERS_PER_PAIR: '1000000',
      DEMO: 'false',
      LOG_LEVEL: 'info',
      // An order in flight when its core dies is refused after this long.
      CORE_TIMEOUT_MS: '3000',
    },
  });
  try {
    await settledCluster(cluster);
    return { cluster, keys: await createKeys(cluster.url, market, wsClients) };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}
