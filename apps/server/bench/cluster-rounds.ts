/**
 * One failover round against a cluster (`scripts/cluster-launch.ts`), as the failover test runs
 * once and `npm run crash:cluster` ten times: clients place orders through HAProxy and sockets
 * follow a symbol while one process is killed with SIGKILL. What every round checks:
 * - every order a client saw acknowledged (200) is in the database with that state or a later one;
 * - orders whose answer was lost (the connection cut, 502, 503) are counted: each is either in
 *   the database or not, never half there (the ledger audit passes);
 * - after a gateway's kill, every socket is connected again through HAProxy and hears the feed;
 * - after the active core's kill, the standby answers an order within `coreTakeoverMs`, and
 *   meanwhile the gateways refuse cleanly (503 UNAVAILABLE) rather than fail otherwise.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Cluster, Member } from '../scripts/cluster-launch.js';
import { waitFor } from '../scripts/cluster-launch.js';
import { auditLedger } from '../src/modules/audit/service.js';
import type { BenchMarket } from './bench-server.js';
import { countLost, limitOrderBody, type Acknowledged } from './crash-orders.js';
import { HttpConnection } from './http-client.js';

export interface RoundFigures {
  killed: string;
  /** Orders acknowledged with 200. */
  acknowledged: number;
  /** Acknowledged orders not found in the database in that state or a later one: must be 0. */
  lost: number;
  /** Orders whose answer never came or was a refusal (503, 502, a cut connection). */
  unanswered: number;
  /** Of those, how many the database holds (committed before the answer was lost). */
  unansweredDurable: number;
  /** Answers by status, from the kill until the load stopped. */
  statuses: Record<string, number>;
  /** Sockets cut by the kill, and how long the slowest took to hear the feed again. */
  socketsCut: number;
  socketsBackMs: number;
  /** A core's kill: from the kill to the first order the standby acknowledged. */
  takeoverMs: number | null;
  /** From the kill until every call in flight at the kill had its answer (any: 200, 503, cut). */
  inFlightAnsweredMs: number | null;
  /**
   * A core's kill, from the standby's log: from holding the writer lock to serving, and the
   * part of it spent catching up with what the last core committed.
   */
  lockToServingMs: number | null;
  catchUpMs: number | null;
  auditOk: boolean;
}

interface Load {
  acknowledged: Acknowledged[];
  unanswered: string[];
  statuses: Record<string, number>;
  firstAckAfter(time: number): Promise<number>;
  /** How long after `time` the last call sent before it was answered (once stopped). */
  inFlightAnsweredAfter(time: number): number | null;
  stop(): Promise<void>;
}

/** Each client places limit orders around 30,000 one after another, reconnecting when cut. */
function startLoad(url: string, market: BenchMarket, clients: number): Load {
  const acknowledged: Load['acknowledged'] = [];
  const unanswered: string[] = [];
  const statuses: Record<string, number> = {};
  /** When each acknowledged order was sent. */
  const acks: { sentAt: number; at: number }[] = [];
  /** When each call was sent and answered, whatever the answer. */
  const calls: { sentAt: number; at: number }[] = [];
  let stopped = false;
  let counting = 0;
  const run = async (i: number) => {
    const user = market.users[i % market.users.length] as { token: string };
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    let connection: HttpConnection | null = null;
    for (let n = 0; !stopped; n++) {
      const clientOrderId = `c${i}-${randomBytes(6).toString('hex')}`;
      const sentAt = Date.now();
      try {
        connection ??= await HttpConnection.open(url);
        const res = await connection.request(
          'POST',
          '/api/v1/orders/spot',
          headers,
          limitOrderBody(n, i, clientOrderId),
        );
        calls.push({ sentAt, at: Date.now() });
        if (counting) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) {
          const data = (JSON.parse(res.body) as { data: { _id: string; status: string } }).data;
          acknowledged.push({ id: String(data._id), status: data.status });
          acks.push({ sentAt, at: Date.now() });
        } else {
          unanswered.push(clientOrderId);
          if (res.status >= 500) await pause(50);
        }
      } catch {
        calls.push({ sentAt, at: Date.now() });
        if (counting) statuses.cut = (statuses.cut ?? 0) + 1;
        unanswered.push(clientOrderId);
        connection?.close();
        connection = null;
        await pause(50);
      }
    }
    connection?.close();
  };
  const running = Promise.all(Array.from({ length: clients }, (_, i) => run(i)));
  return {
    acknowledged,
    unanswered,
    statuses,
    // The first order sent after `time` and acknowledged: one in flight before it proves nothing.
    firstAckAfter: (time) => {
      counting = time;
      return waitFor(
        async () => acks.find((a) => a.sentAt > time)?.at ?? null,
        30_000,
        'no order acknowledged',
      );
    },
    inFlightAnsweredAfter: (time) => {
      const waited = calls.filter((c) => c.sentAt < time && c.at >= time).map((c) => c.at - time);
      return waited.length ? Math.max(...waited) : null;
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

interface Follower {
  socket: Socket;
  /** When it last heard the feed. */
  heardAt: number;
  cutAt: number | null;
  /** When it first heard the feed again after the cut. */
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

async function settle(
  market: BenchMarket,
  load: Load,
): Promise<
  Pick<RoundFigures, 'acknowledged' | 'lost' | 'unanswered' | 'unansweredDurable' | 'auditOk'>
> {
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

export interface RoundOptions {
  clients: number;
  sockets: number;
  /** How long the load runs before and after the kill. */
  beforeMs: number;
  afterMs: number;
}

/** Kills one gateway while orders stream and sockets follow; it is started again afterwards. */
export async function gatewayRound(
  cluster: Cluster,
  market: BenchMarket,
  victim: Member,
  options: RoundOptions,
): Promise<RoundFigures> {
  const followers = follow(cluster.url, options.sockets);
  // The load makes the trades and book changes the sockets hear.
  const load = startLoad(cluster.url, market, options.clients);
  await waitFor(
    async () => followers.every((f) => f.heardAt > 0) || null,
    30_000,
    'the sockets heard nothing',
  );
  await pause(options.beforeMs);
  const killedAt = Date.now();
  await kill(victim);
  await load.firstAckAfter(killedAt);
  await pause(options.afterMs);
  const cut = followers.filter((f) => f.cutAt !== null);
  // Every socket hears the feed again while the orders still flow.
  const back = await waitFor(
    async () => {
      const heard = followers.every((f) => f.socket.connected && (f.cutAt === null || f.backAt));
      return heard ? Math.max(1, ...cut.map((f) => (f.backAt ?? 0) - (f.cutAt ?? 0))) : null;
    },
    15_000,
    'sockets did not come back',
  );
  await load.stop();
  for (const f of followers) f.socket.close();
  cluster.restart(victim);
  await cluster.allGatewaysInRotation();
  return {
    killed: victim.name,
    ...(await settle(market, load)),
    statuses: load.statuses,
    socketsCut: cut.length,
    socketsBackMs: back,
    takeoverMs: null,
    inFlightAnsweredMs: load.inFlightAnsweredAfter(killedAt),
    lockToServingMs: null,
    catchUpMs: null,
  };
}

/**
 * Kills the active core while orders stream; the standby takes over. The killed core is started
 * again, to stand by for the next round.
 */
export async function coreRound(
  cluster: Cluster,
  market: BenchMarket,
  options: RoundOptions,
): Promise<RoundFigures> {
  const active = await cluster.activeCore();
  if (!active) throw new Error('no active core');
  const load = startLoad(cluster.url, market, options.clients);
  await pause(options.beforeMs);
  const killedAt = Date.now();
  await kill(active);
  const takeoverMs = (await load.firstAckAfter(killedAt)) - killedAt;
  await pause(options.afterMs);
  await load.stop();
  const standby = cluster.cores.find((c) => c !== active)!;
  const logged = await cluster.logOf(standby);
  const msOf = (msg: string) => {
    const line = logged.find((l) => l.msg === msg);
    return typeof line?.ms === 'number' ? line.ms : null;
  };
  cluster.restart(active);
  return {
    killed: active.name,
    ...(await settle(market, load)),
    statuses: load.statuses,
    socketsCut: 0,
    socketsBackMs: 0,
    takeoverMs,
    inFlightAnsweredMs: load.inFlightAnsweredAfter(killedAt),
    lockToServingMs: msOf('standby took over: serving'),
    catchUpMs: msOf('the core caught up'),
  };
}

async function kill(member: Member): Promise<void> {
  const exited = new Promise((r) => member.process.once('exit', r));
  member.process.kill('SIGKILL');
  await exited;
}
