import type { Socket } from 'node:net';
import {
  API_KEY_HEADERS,
  ORDER_ENTRY_MAX_IN_FLIGHT,
  ORDER_ENTRY_MAX_UNREAD_BYTES,
  ORDER_ENTRY_MESSAGES,
  ORDER_ENTRY_PATH,
  orderSchema,
  type OrderDto,
  type OrderEntryAnswer,
  type OrderEntryOrderUpdate,
} from '@exchange/contracts';
import WebSocket from 'ws';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderEntryClient,
  OrderEntryRefused,
  type ConnectOptions,
} from '../src/demo/order-entry-client.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { createKey, signedHeaders, type TestKey } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/** An order-entry test's app, listening, with BTC/USDT listed and a way to open connections. */
function orderEntryApp(kind: (typeof BACKENDS)[number], env: Record<string, string> = {}) {
  const { t, ids } = useMarketApp(kind, { env });
  const s = {
    t,
    url: '',
    ids,
    clients: [] as OrderEntryClient[],
    raws: [] as WebSocket[],
  };
  beforeAll(async () => {
    s.url = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const c of s.clients.splice(0)) c.close();
    for (const w of s.raws.splice(0)) w.terminate();
  });

  /** Connects signed with the key at the test clock's now (or as `options` say). */
  const open = async (key: TestKey, options: ConnectOptions = {}) => {
    const client = await OrderEntryClient.connect(s.url, key, {
      now: () => s.t.clock.now().getTime(),
      ...options,
    });
    s.clients.push(client);
    return client;
  };
  /** Why connecting is refused: the HTTP status and the API error's message. */
  const refusal = (key: TestKey, options: ConnectOptions = {}) =>
    open(key, options).then(
      () => null,
      (err: unknown) => {
        if (!(err instanceof OrderEntryRefused)) throw err;
        return { status: err.status, code: err.code, message: err.message };
      },
    );
  /** A user funded with `amount` of `asset`, and a trading key of theirs. */
  const trader = async (asset: 'usdt' | 'btc', amount: string, keyBody = {}) => {
    const user: Member = await member(s.t);
    await fund(s.t, user, s.ids[asset], amount);
    return { user, key: await createKey(s.t, user, keyBody) };
  };
  return { s, open, refusal, trader };
}

const limit = (body: object) => ({ symbol: 'BTCUSDT', order_type: 'limit', ...body }) as never;

describe.each(BACKENDS)('WebSocket order entry on %s', (kind) => {
  const { s, open, refusal, trader } = orderEntryApp(kind);

  /** A plain WebSocket, upgraded with the key's signed headers: to send what a client would not. */
  const raw = (key: TestKey, path = ORDER_ENTRY_PATH) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}${path}`, {
        headers: signedHeaders(s.t, key, 'GET', path),
      });
      s.raws.push(ws);
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_, res) => reject(new Error(String(res.statusCode))));
      ws.once('error', reject);
    });
  const answersOf = (ws: WebSocket, count: number) =>
    new Promise<OrderEntryAnswer[]>((resolve) => {
      const answers: OrderEntryAnswer[] = [];
      ws.on('message', (data) => {
        answers.push(JSON.parse(String(data)) as OrderEntryAnswer);
        if (answers.length === count) resolve(answers);
      });
    });

  it('places, fills, cancels and cancels all, answered in order with the HTTP order shape', async () => {
    const seller = await trader('btc', '1');
    const buyer = await trader('usdt', '100000');
    const s1 = await open(seller.key, { orderUpdates: true });
    const b1 = await open(buyer.key);
    const updates: OrderEntryOrderUpdate[] = [];
    s1.onOrderUpdate((u) => updates.push(u));

    // Many calls in flight at once: the answers arrive in the order they were sent.
    const order: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s1
          .place(
            limit({
              trade_type: 'sell',
              price: String(30000 + i),
              volume: '0.01',
              client_order_id: `ask-${i}`,
            }),
          )
          .then((a) => {
            order.push(i);
            return a;
          }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const placed = answers.map((a, i) => {
      if (!a.ok) throw new Error(a.message);
      expect(orderSchema.strict().parse(a.data)).toMatchObject({
        status: 'open',
        client_order_id: `ask-${i}`,
      });
      return a.data;
    });
    // The HTTP list shows the same order, field for field.
    const listed = await authed(
      s.t,
      'GET',
      '/orders/spot?order_status=open&page_size=100',
      seller.user.token,
    );
    expect(listed.json().data).toContainEqual(placed[0]);

    const fill = await b1.place(limit({ trade_type: 'buy', price: '30001', volume: '0.015' }));
    expect(fill).toMatchObject({
      ok: true,
      data: { status: 'filled', filled_volume: '0.015', average_price: '30000.333333333333333333' },
    });

    expect(await s1.cancel({ client_order_id: 'ask-5' })).toMatchObject({
      ok: true,
      data: { status: 'cancelled', client_order_id: 'ask-5' },
    });
    expect(await s1.cancel({ order_id: (placed[6] as OrderDto)._id })).toMatchObject({
      ok: true,
      data: { status: 'cancelled', client_order_id: 'ask-6' },
    });
    expect(await s1.cancel({ client_order_id: 'ask-5' })).toEqual({
      id: expect.any(Number),
      ok: false,
      status: 404,
      code: 'NOT_FOUND',
      message: 'Order not found',
    });

    const all = await s1.cancelAll({ symbol: 'BTCUSDT' });
    if (!all.ok) throw new Error(all.message);
    expect(all.data.map((o) => o.client_order_id).sort()).toEqual([
      'ask-1',
      'ask-2',
      'ask-3',
      'ask-4',
      'ask-7',
      'ask-8',
      'ask-9',
    ]);
    // The resting order the buyer filled reaches its owner's connection, which asked for updates.
    await expect
      .poll(() =>
        updates.some((u) => u.data.client_order_id === 'ask-0' && u.data.status === 'filled'),
      )
      .toBe(true);
    expect(updates[0]).toMatchObject({ event: 'order_update', ts: expect.any(Number) });
    expect((await auditLedger(s.t.database.db)).violations).toEqual([]);
  });

  it('answers a refused order with its code, and keeps the order of answers around it', async () => {
    const { key } = await trader('usdt', '100');
    const client = await open(key);
    const answers = await Promise.all([
      client.place(limit({ trade_type: 'buy', price: '10', volume: '1', client_order_id: 'x' })),
      client.place(limit({ trade_type: 'buy', price: '10', volume: '100' })),
      // Another order under a held client id (the same order again would be its retry).
      client.place(limit({ trade_type: 'buy', price: '11', volume: '1', client_order_id: 'x' })),
      client.place(limit({ trade_type: 'buy', price: '-1', volume: '1' })),
      client.place(limit({ symbol: 'NOPE', trade_type: 'buy', price: '1', volume: '1' })),
      client.cancel({} as never),
      client.cancelAll({ symbol: 'NOPE' }),
      client.place(limit({ trade_type: 'buy', price: '10', volume: '1', client_order_id: 'y' })),
    ]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.code))).toEqual([
      'ok',
      'INSUFFICIENT_BALANCE',
      'CONFLICT',
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'ok',
    ]);
    expect(answers[1]).toMatchObject({ status: 400, message: 'Insufficient balance' });
    expect(answers[3]).toMatchObject({ status: 400, message: 'Price must be greater than 0' });
    expect(answers[5]).toMatchObject({ message: 'Give order_id or client_order_id' });
  });

  it('answers a malformed message with VALIDATION_ERROR and keeps the connection', async () => {
    const { key } = await trader('usdt', '100');
    const ws = await raw(key);
    const answers = answersOf(ws, 5);
    ws.send('{not json');
    ws.send(JSON.stringify({ id: 'a', method: 'withdraw', params: {} }));
    ws.send(JSON.stringify({ method: 'cancel_all' }));
    ws.send(JSON.stringify({ id: 'b', method: 'place', params: { symbol: 'BTCUSDT' } }));
    ws.send(JSON.stringify({ id: 'c', method: 'cancel_all' }));
    expect(await answers).toEqual([
      {
        id: null,
        ok: false,
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Send JSON text messages: { "id", "method", "params" }',
      },
      {
        id: 'a',
        ok: false,
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'method must be place, cancel, cancel_all',
      },
      expect.objectContaining({ id: null, ok: false, code: 'VALIDATION_ERROR' }),
      expect.objectContaining({ id: 'b', ok: false, code: 'VALIDATION_ERROR' }),
      { id: 'c', ok: true, data: [] },
    ]);
  });

  it('refuses at the upgrade a bad signature, a stale one, a key without trade, an address not allowed, a revoked key, and an unknown path', async () => {
    const { user, key } = await trader('usdt', '100');
    const unauthorized = (message: string) => ({ status: 401, code: 'UNAUTHORIZED', message });
    expect(await refusal({ ...key, secret: 'wrong' })).toEqual(
      unauthorized('Signature does not match'),
    );
    expect(await refusal(key, { now: () => s.t.clock.now().getTime() - 60_000 })).toMatchObject({
      status: 401,
      message: expect.stringContaining('receive window'),
    });
    expect(await refusal(await createKey(s.t, user, { scopes: ['read'] }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API key lacks the trade permission',
    });
    expect(await refusal(await createKey(s.t, user, { ip_allowlist: ['203.0.113.7'] }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'IP address 127.0.0.1 is not allowed for this API key',
    });
    expect(await refusal({ ...key, apiKey: 'ak_unknown' })).toEqual(
      unauthorized('Invalid API key'),
    );
    await expect(raw(key, '/api/v1/ws/nothing-here')).rejects.toThrow('404');

    const revoked = await createKey(s.t, user);
    await authed(s.t, 'DELETE', `/api-keys/${revoked.id}`, user.token);
    expect(await refusal(revoked)).toEqual(unauthorized('API key revoked'));
  });

  it('refuses an upgrade whose signature was seen, in any spelling of its hex (review N-M1)', async () => {
    const { key } = await trader('usdt', '100');
    const headers = signedHeaders(s.t, key, 'GET', ORDER_ENTRY_PATH);
    const signature = headers[API_KEY_HEADERS.signature] as string;
    const upgrade = (spelling: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}${ORDER_ENTRY_PATH}`, {
          headers: { ...headers, [API_KEY_HEADERS.signature]: spelling },
        });
        s.raws.push(ws);
        ws.once('open', () => resolve(101));
        ws.once('unexpected-response', (_, res) => resolve(res.statusCode ?? 0));
        ws.once('error', reject);
      });
    expect(await upgrade(signature)).toBe(101);
    expect(await upgrade(signature)).toBe(401);
    expect(await upgrade(signature.toUpperCase())).toBe(401);
  });

  it('closes the connections of a revoked key at once, and only those', async () => {
    const { user, key } = await trader('usdt', '100');
    const client = await open(key);
    const bystander = await open(await createKey(s.t, user));
    const res = await authed(s.t, 'DELETE', `/api-keys/${key.id}`, user.token);
    expect(res.statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: 1008, reason: 'API key revoked' });
    expect(await bystander.cancelAll()).toMatchObject({ ok: true, data: [] });
  });

  it('answers a call past the cap of calls in flight at once with 429, and runs nothing for it', async () => {
    const { key } = await trader('usdt', '1000');
    const client = await open(key);
    const cap = ORDER_ENTRY_MAX_IN_FLIGHT;
    const over = 5;
    const settled: number[] = [];
    // Sent in one turn, so in one write (the client corks it): none is answered before the last arrives.
    const answers = await Promise.all(
      Array.from({ length: cap + over }, (_, i) =>
        client
          .place(
            limit({ trade_type: 'buy', price: '10', volume: '0.1', client_order_id: `c-${i}` }),
          )
          .then((a) => {
            settled.push(i);
            return a;
          }),
      ),
    );
    expect(answers.slice(0, cap).filter((a) => !a.ok)).toEqual([]);
    expect(answers.slice(cap)).toEqual(
      Array.from({ length: over }, (_, i) => ({
        id: cap + i + 1,
        ok: false,
        status: 429,
        code: 'RATE_LIMITED',
        message:
          'At most 100 calls in flight on a connection: wait for answers before sending more',
      })),
    );
    // Refused at once, ahead of the answers still due.
    expect(settled.slice(0, over)).toEqual(Array.from({ length: over }, (_, i) => cap + i));
    // Nothing ran for the refused calls: only the first `cap` orders rest, and the connection
    // takes calls again once answered.
    const cancelled = await client.cancelAll();
    if (!cancelled.ok) throw new Error(cancelled.message);
    expect(cancelled.data.map((o) => o.client_order_id).sort()).toEqual(
      Array.from({ length: cap }, (_, i) => `c-${i}`).sort(),
    );
  });

  it('holds a client that does not read its answers back, and answers every call once it reads', async () => {
    const { key } = await trader('usdt', '100');
    const ws = await raw(key);
    const socket = (ws as unknown as { _socket: Socket })._socket;
    socket.pause(); // the client reads nothing for now
    // Calls past the cap of calls in flight are answered at once: enough that their answers are
    // three times what the server leaves unread before it stops reading the connection.
    const refusal = JSON.stringify({
      id: 1,
      ok: false,
      status: 429,
      code: 'RATE_LIMITED',
      message: ORDER_ENTRY_MESSAGES.inFlight,
    });
    const count = Math.ceil((3 * ORDER_ENTRY_MAX_UNREAD_BYTES) / refusal.length);
    for (let i = 0; i < count; i++) ws.send(JSON.stringify({ id: i, method: 'cancel_all' }));
    await new Promise((r) => setTimeout(r, 500));
    const ids: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        ids.push((JSON.parse(String(data)) as { id: unknown }).id);
        if (ids.length === count) resolve();
      }),
    );
    socket.resume();
    await all;
    // Every call answered once (those past the cap ahead of the rest), and the connection serves.
    expect((ids as number[]).sort((a, b) => a - b)).toEqual(
      Array.from({ length: count }, (_, i) => i),
    );
    ws.send(JSON.stringify({ id: 'last', method: 'cancel_all' }));
    const last = await new Promise((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(String(d)))),
    );
    expect(last).toMatchObject({ id: 'last', ok: true });
  });
});

describe('WebSocket order entry rate limit', () => {
  const { open, trader } = orderEntryApp('pglite', { RATE_LIMIT_MAX: '20' });

  it('answers calls past RATE_LIMIT_MAX a minute from one address with 429, in their turn', async () => {
    const { key } = await trader('usdt', '100');
    const client = await open(key);
    const answers = await Promise.all(Array.from({ length: 25 }, () => client.cancelAll()));
    const codes = answers.map((a) => (a.ok ? 'ok' : a.code));
    expect(codes).toEqual([...Array(20).fill('ok'), ...Array(5).fill('RATE_LIMITED')]);
    expect(answers[24]).toMatchObject({
      status: 429,
      message: 'Too many requests. Try again in 60s',
    });
  });
});
