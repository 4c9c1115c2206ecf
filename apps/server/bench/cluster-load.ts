/**
 * The order load the failover rounds (cluster-rounds.ts) run through a cluster: HTTP clients
 * (signed-in sessions, `POST /orders/spot`) and WebSocket order-entry connections (an API key
 * each, `/api/v1/ws/trade`), each placing limit orders one after another. Clients hold both
 * HAProxy URLs, as production's clients hold one keepalived address: each starts on one and goes
 * to the other when a connection cannot be made or is cut. Every acknowledgement is timed, per
 * client, for the silences a kill causes.
 */
import { randomBytes } from 'node:crypto';
import type { OrderDto, PlaceOrderRequest } from '@exchange/contracts';
import { OrderEntryClient, type ApiCredentials } from '../src/demo/order-entry-client.js';
import { waitFor } from '../scripts/cluster-wait.js';
import type { BenchMarket } from './bench-server.js';
import { limitOrderBody, type Acknowledged } from './crash-orders.js';
import { HttpConnection } from './http-client.js';

export interface LoadOptions {
  /** HTTP clients, and WebSocket order-entry connections (one call in flight each). */
  http: number;
  ws: number;
}

export interface Load {
  acknowledged: Acknowledged[];
  /** Client order ids of orders whose answer never came or was a refusal. */
  unanswered: string[];
  /** Answers after `firstAckAfter`'s time, by status (`cut`: the connection was lost). */
  statuses: Record<string, number>;
  /** The first time an order sent after `time` was acknowledged. */
  firstAckAfter(time: number): Promise<number>;
  /** Each client's longest time without an acknowledgement from `from` until the load stopped. */
  longestSilences(from: number): number[];
  /** How long after `time` the last call sent before it had its answer (any: 200, 503, cut). */
  inFlightAnsweredAfter(time: number): number | null;
  stop(): Promise<void>;
}

/** An API key (trade) for each of `count` users, made through the cluster. */
export async function createKeys(url: string, market: BenchMarket, count: number) {
  const keys: ApiCredentials[] = [];
  for (let i = 0; i < count; i++) {
    const token = market.users[i % market.users.length]!.token;
    const res = await fetch(`${url}/api/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: `failover ${i}`, scopes: ['trade'], expires_in_days: 7 }),
    });
    const { data } = (await res.json()) as { data: { api_key: string; secret: string } };
    keys.push({ apiKey: data.api_key, secret: data.secret });
  }
  return keys;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One client's answer to one order: acknowledged, refused (a status) or cut. */
type Outcome = { order: { _id: string; status: string } } | { status: string };

export function startLoad(
  urls: string[],
  market: BenchMarket,
  keys: ApiCredentials[],
  options: LoadOptions,
): Load {
  const acknowledged: Acknowledged[] = [];
  const unanswered: string[] = [];
  const statuses: Record<string, number> = {};
  const acks: { sentAt: number; at: number }[] = [];
  /** When each call was sent and answered, whatever the answer. */
  const calls: { sentAt: number; at: number }[] = [];
  const ackTimes: number[][] = [];
  let stopped = false;
  let counting = 0;

  /** Places orders through `send` until stopped; `reset` is called after a cut. */
  const lane = async (
    i: number,
    send: (urlIndex: number, body: string, clientOrderId: string) => Promise<Outcome>,
  ) => {
    const times: number[] = [];
    ackTimes.push(times);
    let urlIndex = i % urls.length;
    for (let n = 0; !stopped; n++) {
      const clientOrderId = `f${i}-${randomBytes(6).toString('hex')}`;
      const sentAt = Date.now();
      const outcome = await send(urlIndex, limitOrderBody(n, i, clientOrderId), clientOrderId);
      calls.push({ sentAt, at: Date.now() });
      if ('order' in outcome) {
        acknowledged.push({ id: String(outcome.order._id), status: outcome.order.status });
        const at = Date.now();
        acks.push({ sentAt, at });
        times.push(at);
        continue;
      }
      if (counting) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      unanswered.push(clientOrderId);
      // Cut, or the balancer not there: the other balancer.
      if (outcome.status === 'cut') urlIndex = (urlIndex + 1) % urls.length;
      await pause(50);
    }
  };

  const httpLane = (i: number) => {
    const user = market.users[i % market.users.length]!;
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    let connection: HttpConnection | null = null;
    return lane(i, async (urlIndex, body) => {
      try {
        connection ??= await HttpConnection.open(urls[urlIndex]!);
        const res = await connection.request('POST', '/api/v1/orders/spot', headers, body);
        if (res.status !== 200) return { status: String(res.status) };
        return { order: (JSON.parse(res.body) as { data: OrderDto & { _id: string } }).data };
      } catch {
        connection?.close();
        connection = null;
        return { status: 'cut' };
      }
    }).finally(() => connection?.close());
  };

  const wsLane = (i: number) => {
    let client: OrderEntryClient | null = null;
    return lane(options.http + i, async (urlIndex, body) => {
      try {
        client ??= await OrderEntryClient.connect(urls[urlIndex]!, keys[i]!);
        const answer = await client.place(JSON.parse(body) as PlaceOrderRequest);
        if (answer.ok) return { order: answer.data as OrderDto & { _id: string } };
        return { status: `ws ${answer.code}` };
      } catch {
        client?.close();
        client = null;
        return { status: 'cut' };
      }
    }).finally(() => client?.close());
  };

  const running = Promise.all([
    ...Array.from({ length: options.http }, (_, i) => httpLane(i)),
    ...Array.from({ length: options.ws }, (_, i) => wsLane(i)),
  ]);
  let stoppedAt = 0;
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
    longestSilences: (from) =>
      ackTimes.map((times) => {
        const points = [from, ...times.filter((t) => t > from), stoppedAt];
        let longest = 0;
        for (let k = 1; k < points.length; k++)
          longest = Math.max(longest, points[k]! - points[k - 1]!);
        return longest;
      }),
    inFlightAnsweredAfter: (time) => {
      const waited = calls.filter((c) => c.sentAt < time && c.at >= time).map((c) => c.at - time);
      return waited.length ? Math.max(...waited) : null;
    },
    stop: async () => {
      stopped = true;
      stoppedAt = Date.now();
      await running;
    },
  };
}
