/**
 * npm run bench:binance [-- --json] [--clients N] [--seconds N] [--warmup N] [--rounds N]
 *
 * What an order costs the server over Binance's API (`/api/v3`: a form body, signed as Binance
 * signs) against our own (`/api/v1`: JSON, signed with X-API-* headers), in one run on one
 * server: the same workload (bench:trading's limit orders and cancels, every client with its own
 * API key), the two APIs alternating for `--rounds` rounds each, in alternating order, so that
 * the machine's other load and the server's warming up fall on both alike. Prints the server's CPU per call of each and their ratio; the bar is at
 * most 10% more over /api/v3.
 */
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { API_KEY_HEADERS, signingPayload } from '@exchange/contracts';
import type { ApiCredentials } from '../src/demo/order-entry-client.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { withBenchServer, type BenchMarket } from './bench-server.js';
import { describe, measure, type Figures } from './order-figures.js';
import { HttpConnection } from './http-client.js';
import {
  createBenchKeys,
  drive,
  RUN_OPTIONS,
  runOf,
  type Answer,
  type Channel,
  type LoadResult,
  type Run,
} from './order-workload.js';

const { values } = parseArgs({
  options: {
    ...RUN_OPTIONS,
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
  },
});
/** The bar: /api/v3 costs the server at most this much more CPU per call. */
const BAR_RATIO = 1.1;

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

/** Our API with a key: JSON bodies, the signature over timestamp, method, path, query, body. */
function v1Channel(connection: HttpConnection, key: ApiCredentials): Channel {
  const call = async (method: 'POST' | 'PATCH', path: string, body: object): Promise<Answer> => {
    const text = JSON.stringify(body);
    const timestamp = String(Date.now());
    const res = await connection.request(
      method,
      path,
      {
        'content-type': 'application/json',
        [API_KEY_HEADERS.key]: key.apiKey,
        [API_KEY_HEADERS.timestamp]: timestamp,
        [API_KEY_HEADERS.signature]: hmac(
          key.secret,
          signingPayload(timestamp, method, path, '', text),
        ),
      },
      text,
    );
    const order =
      res.status === 200 ? (JSON.parse(res.body) as { data: Answer['order'] }).data : undefined;
    return { order, filledAlready: res.status === 404 && method === 'PATCH' };
  };
  return {
    place: (body) => call('POST', '/api/v1/orders/spot', body),
    cancel: (id) => call('PATCH', `/api/v1/orders/spot/${id}`, { status: 'cancelled' }),
    close: () => connection.close(),
  };
}

/** Binance's API as ccxt calls it: a signed form body for orders, a signed query to cancel. */
function v3Channel(connection: HttpConnection, key: ApiCredentials): Channel {
  const signed = (params: string) =>
    `${params}&timestamp=${Date.now()}&recvWindow=10000&signature=`;
  const answer = (status: number, body: string): Answer => {
    if (status !== 200) return { filledAlready: body.includes('-2011') };
    const o = JSON.parse(body) as { orderId: number; status: string };
    const open = o.status === 'NEW' || o.status === 'PARTIALLY_FILLED';
    return {
      order: { _id: String(o.orderId), status: open ? 'open' : 'closed' },
      filledAlready: false,
    };
  };
  return {
    place: async (body) => {
      const b = body as { trade_type: string; price: string; volume: string };
      const params = signed(
        `symbol=BTCUSDT&side=${b.trade_type.toUpperCase()}&type=LIMIT&timeInForce=GTC&quantity=${b.volume}&price=${b.price}&newOrderRespType=FULL`,
      );
      const form = params + hmac(key.secret, params.slice(0, -'&signature='.length));
      const res = await connection.request(
        'POST',
        '/api/v3/order',
        { 'content-type': 'application/x-www-form-urlencoded', 'x-mbx-apikey': key.apiKey },
        form,
      );
      return answer(res.status, res.body);
    },
    cancel: async (id) => {
      const params = signed(`symbol=BTCUSDT&orderId=${id}`);
      const query = params + hmac(key.secret, params.slice(0, -'&signature='.length));
      const res = await connection.request('DELETE', `/api/v3/order?${query}`, {
        'x-mbx-apikey': key.apiKey,
      });
      return answer(res.status, res.body);
    },
    close: () => connection.close(),
  };
}

async function runSigned(
  market: BenchMarket,
  keys: ApiCredentials[],
  run: Run,
  channelOf: (c: HttpConnection, k: ApiCredentials) => Channel,
): Promise<LoadResult> {
  const channels = await Promise.all(
    keys.map(async (key) => channelOf(await HttpConnection.open(market.url), key)),
  );
  return drive(channels, run);
}

await withBenchServer(Number(values.users), async (market, server) => {
  const run = runOf(values);
  const keys = await createBenchKeys(market, run.clients);
  const spent = { v1: [] as Figures[], v3: [] as Figures[] };
  for (let round = 0; round < Number(values.rounds); round++)
    // Alternating which goes first, so the server's warming up falls on both alike.
    for (const api of round % 2 === 0 ? (['v1', 'v3'] as const) : (['v3', 'v1'] as const)) {
      const channel = api === 'v1' ? v1Channel : v3Channel;
      const { result, figures } = await measure(server.pid, run, (full) =>
        runSigned(market, keys, full, channel),
      );
      spent[api].push(figures);
      console.log(
        describe(`/api/${api} round ${round + 1}`, result, figures, run.clients, run.warmup),
      );
    }
  const mean = (list: Figures[]) =>
    list.reduce((n, f) => n + f.cpuMicrosPerRequest.server, 0) / list.length;
  const v1 = Math.round(mean(spent.v1));
  const v3 = Math.round(mean(spent.v3));
  const ratio = Math.round((v3 / v1) * 1000) / 1000;
  const failures = [...spent.v1, ...spent.v3].reduce((n, f) => n + f.failures, 0);
  const audit = await auditLedger(market.database.db);
  const pass = ratio <= BAR_RATIO && failures === 0 && audit.ok;
  console.log(
    `server CPU per call: /api/v1 ${v1} µs, /api/v3 ${v3} µs (×${ratio}); ${failures} failed calls; ledger audit ${audit.ok ? 'passed' : 'FAILED'}`,
  );
  console.log(
    `bar (/api/v3 at most ${BAR_RATIO}× /api/v1, no failure): ${pass ? 'met' : 'NOT met'}`,
  );
  if (values.json)
    console.log(JSON.stringify({ v1CpuMicros: v1, v3CpuMicros: v3, ratio, failures, pass }));
  process.exitCode = audit.ok ? 0 : 1;
});
