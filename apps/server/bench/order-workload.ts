import type { OrderDto, OrderEntryAnswer, PlaceOrderRequest } from '@exchange/contracts';
import { OrderEntryClient, type ApiCredentials } from '../src/demo/order-entry-client.js';
import type { BenchMarket } from './bench-server.js';
import { HttpConnection } from './http-client.js';

/**
 * The trading benchmarks' workload, one definition for HTTP and WebSocket order entry: each
 * client keeps one call in flight, places limit orders of 0.001 BTC around 30,000 (a buy below or
 * a sell above by up to 30 ticks, or crossing by up to 10, so about a third trade) and cancels
 * its oldest open order every third call.
 */
export interface Run {
  clients: number;
  seconds: number;
  warmup: number;
  /** Called when the measured part begins. */
  measuring(): void;
}

/** The command-line options both trading benchmarks take. */
export const RUN_OPTIONS = {
  json: { type: 'boolean', default: false },
  clients: { type: 'string', default: '128' },
  seconds: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '2' },
  users: { type: 'string', default: '64' },
} as const;

/** A run as those options give it. */
export const runOf = (values: { clients: string; seconds: string; warmup: string }) => ({
  clients: Number(values.clients),
  seconds: Number(values.seconds),
  warmup: Number(values.warmup),
});

export interface LoadResult {
  placed: number;
  cancelled: number;
  alreadyFilled: number;
  failures: number;
  elapsed: number;
  /** Milliseconds of every measured call, ascending. */
  latencies: number[];
}

/** What one call answered: the order (on success) and whether it was a cancel that found it filled. */
export interface Answer {
  order?: { _id: string; status: string };
  filledAlready: boolean;
}

/** One client's way of placing and cancelling. */
export interface Channel {
  place(body: object): Promise<Answer>;
  cancel(id: string): Promise<Answer>;
  close(): void;
}

export function orderBody(i: number, n: number) {
  const side = (i + n) % 2 ? 'buy' : 'sell';
  const offset = (n * 7919 + i * 104729) % 41;
  const price = (30000 + (side === 'buy' ? offset - 30 : 30 - offset)).toFixed(2);
  return { symbol: 'BTCUSDT', order_type: 'limit', trade_type: side, price, volume: '0.001' };
}

export async function drive(channels: Channel[], run: Run): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let alreadyFilled = 0;
  let placed = 0;
  let cancelled = 0;
  const from = performance.now() + run.warmup * 1000;
  const until = from + run.seconds * 1000;
  const warmedUp = setTimeout(run.measuring, run.warmup * 1000);
  const timed = async (call: () => Promise<Answer>) => {
    const start = performance.now();
    const answer = await call();
    const measured = start >= from;
    if (measured) latencies.push(performance.now() - start);
    // A cancel that finds its order already filled by another client is a normal answer.
    if (answer.filledAlready) alreadyFilled += measured ? 1 : 0;
    else if (!answer.order) failures++;
    return { ...answer, measured };
  };
  const client = async (i: number) => {
    const channel = channels[i] as Channel;
    const open: string[] = [];
    for (let n = 0; performance.now() < until; n++) {
      if (open.length > 0 && n % 3 === 2) {
        const id = open.shift() as string;
        const { order, measured } = await timed(() => channel.cancel(id));
        if (order && measured) cancelled++;
        continue;
      }
      const { order, measured } = await timed(() => channel.place(orderBody(i, n)));
      if (order) {
        if (measured) placed++;
        if (order.status === 'open') open.push(order._id);
      }
    }
  };
  await Promise.all(channels.map((_, i) => client(i)));
  clearTimeout(warmedUp);
  const elapsed = (performance.now() - from) / 1000;
  for (const channel of channels) channel.close();
  latencies.sort((a, b) => a - b);
  return { placed, cancelled, alreadyFilled, failures, elapsed, latencies };
}

/** The workload over keep-alive HTTP with each trader's login token. */
export async function runHttp(market: BenchMarket, run: Run): Promise<LoadResult> {
  const channels = await Promise.all(
    Array.from({ length: run.clients }, async (_, i): Promise<Channel> => {
      const connection = await HttpConnection.open(market.url);
      const token = market.users[i % market.users.length]?.token as string;
      const call = async (method: 'POST' | 'PATCH', path: string, body: object) => {
        const res = await connection.request(
          method,
          path,
          { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          JSON.stringify(body),
        );
        return {
          order:
            res.status === 200
              ? (JSON.parse(res.body) as { data: Answer['order'] }).data
              : undefined,
          filledAlready: res.status === 404 && method === 'PATCH',
        };
      };
      return {
        place: (body) => call('POST', '/api/v1/orders/spot', body),
        cancel: (id) => call('PATCH', `/api/v1/orders/spot/${id}`, { status: 'cancelled' }),
        close: () => connection.close(),
      };
    }),
  );
  return drive(channels, run);
}

/** An API key (scope trade) per client, made through the API with the trader's login. */
export async function createBenchKeys(
  market: BenchMarket,
  clients: number,
): Promise<ApiCredentials[]> {
  const keys: ApiCredentials[] = [];
  for (let i = 0; i < clients; i++) {
    const token = market.users[i % market.users.length]?.token as string;
    const res = await fetch(`${market.url}/api/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: `bench ${i}`, scopes: ['trade'], expires_in_days: 7 }),
    });
    const { data } = (await res.json()) as { data: { api_key: string; secret: string } };
    keys.push({ apiKey: data.api_key, secret: data.secret });
  }
  return keys;
}

/**
 * The workload over WebSocket order entry: `run.clients` lanes (each keeping one call in flight,
 * as an HTTP client does) on `run.clients / inflight` connections, each signed in with its own
 * key: the same calls in flight as over HTTP, pipelined `inflight` to a connection as a program
 * does, through the client a program would use (`OrderEntryClient`: what a turn sends leaves in
 * one write).
 */
export async function runWebSocket(
  market: BenchMarket,
  keys: ApiCredentials[],
  run: Run,
  inflight = 1,
): Promise<LoadResult> {
  const clients = await Promise.all(
    Array.from({ length: Math.ceil(run.clients / inflight) }, (_, i) =>
      OrderEntryClient.connect(market.url, keys[i] as ApiCredentials),
    ),
  );
  const answer = (a: OrderEntryAnswer<OrderDto>): Answer => ({
    order: a.ok ? a.data : undefined,
    filledAlready: !a.ok && a.code === 'NOT_FOUND',
  });
  const lanes = clients.flatMap((client) =>
    Array.from({ length: inflight }, (_, lane): Channel => ({
      place: (body) => client.place(body as PlaceOrderRequest).then(answer),
      cancel: (id) => client.cancel({ order_id: id }).then(answer),
      close: () => (lane === 0 ? client.close() : undefined),
    })),
  );
  return drive(lanes.slice(0, run.clients), run);
}
