/**
 * The least a server on this machine can do per order request, for bench:floor: `http` answers
 * from node:http, `fastify` from a bare Fastify route, `postgres` from node:http after writing
 * one row per order in group-committed batches (as the sequencer commits), `orders` likewise
 * after writing the rows an order writes (floor-orders.ts) to the app's tables. Each reads the
 * body and answers an order-sized JSON; none authenticates, validates, matches or keeps a ledger.
 */
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';
import { orderShapedWriter } from './floor-orders.js';

const kind = process.argv[2];
const port = Number(process.env.PORT);

const ANSWER = {
  success: true,
  status: 200,
  message: 'Order placed successfully',
  data: {
    _id: '123456',
    symbol: 'BTCUSDT',
    created_at: '2026-11-21T12:00:00.000Z',
    updated_at: '2026-11-21T12:00:00.000Z',
    trade_type: 'buy',
    order_type: 'limit',
    price: '30000',
    volume: '0.001',
    amount: '30',
    status: 'open',
    filled_volume: '0',
    average_price: '0',
    fee: '0',
    fee_token: 'BTC',
    cancel_reason: null,
  },
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

function answer(res: http.ServerResponse, id: number) {
  const json = JSON.stringify({ ...ANSWER, data: { ...ANSWER.data, _id: String(id) } });
  res
    .writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    })
    .end(json);
}

interface Waiting {
  id: number;
  price: string;
  done: () => void;
}

/** One row per order: the `postgres` floor's batch. */
const oneRowEach = (pool: pg.Pool) => async (batch: Waiting[]) => {
  await pool.query(
    'insert into floor_orders (id, price, created_at) select *, now() from unnest($1::bigint[], $2::numeric[])',
    [batch.map((o) => o.id), batch.map((o) => o.price)],
  );
};

/** Orders wait for the batch in flight to commit, then go in the next one, written by `write`. */
function groupCommitter(write: (batch: Waiting[]) => Promise<void>) {
  let waiting: Waiting[] = [];
  let committing = false;
  const commit = async () => {
    committing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await write(batch);
      for (const o of batch) o.done();
    }
    committing = false;
  };
  return (price: string, id: number) =>
    new Promise<number>((resolve) => {
      waiting.push({ id, price, done: () => resolve(id) });
      if (!committing) void commit();
    });
}

if (kind === 'fastify') {
  const app = Fastify();
  let id = 0;
  app.post('/api/v1/orders/spot', async () => ({
    ...ANSWER,
    data: { ...ANSWER.data, _id: String(++id) },
  }));
  await app.listen({ port, host: '127.0.0.1' });
} else if (kind === 'http' || kind === 'postgres' || kind === 'orders') {
  let place = async (_price: string, id: number) => id;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  if (kind === 'postgres') {
    await pool.query(
      'create table if not exists floor_orders (id bigint primary key, price numeric not null, created_at timestamptz not null)',
    );
    place = groupCommitter(oneRowEach(pool));
  } else if (kind === 'orders') {
    const write = await orderShapedWriter(pool);
    place = groupCommitter((batch) => write(batch.length));
  }
  let id = 0;
  http
    .createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { price: string };
      answer(res, await place(body.price, ++id));
    })
    .listen(port, '127.0.0.1');
} else {
  throw new Error(`unknown floor server ${kind}`);
}
console.log('ready');
