import {
  ORDER_ENTRY_NAMESPACE,
  orderSchema,
  signingPayload,
  type OrderDto,
  type OrderEntryAck,
  type OrderEntryClientEvents,
  type OrderEntryServerEvents,
} from '@exchange/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../src/lib/request-signature.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Client = Socket<OrderEntryServerEvents, OrderEntryClientEvents>;

describe.each(BACKENDS)('WebSocket order entry on %s', (kind) => {
  let t: TestApp;
  let url = '';
  let ids: { usdt: string; btc: string; pair: string };
  const sockets: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await listBtcUsdt(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  /** Connects to /trade signed with the key (or with `auth` as given); resolves or says why not. */
  async function open(key: TestKey, auth?: Record<string, string>) {
    const timestamp = String(t.clock.now().getTime());
    const signature = signPayload(
      key.secret,
      signingPayload(timestamp, 'WS', ORDER_ENTRY_NAMESPACE, '', ''),
    );
    const socket: Client = connect(`${url}${ORDER_ENTRY_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: auth ?? { key: key.apiKey, timestamp, signature, order_updates: true },
    });
    sockets.push(socket);
    const refusal = await new Promise<string | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (err) => resolve(err.message));
    });
    return { socket, refusal };
  }

  const place = (socket: Client, body: object) =>
    new Promise<OrderEntryAck<OrderDto>>((resolve) =>
      socket.emit('place', { symbol: 'BTCUSDT', order_type: 'limit', ...body } as never, resolve),
    );
  const cancel = (socket: Client, target: object) =>
    new Promise<OrderEntryAck<OrderDto>>((resolve) =>
      socket.emit('cancel', target as never, resolve),
    );
  const cancelAll = (socket: Client, scope: object) =>
    new Promise<OrderEntryAck<OrderDto[]>>((resolve) => socket.emit('cancel_all', scope, resolve));

  async function trader(
    asset: 'usdt' | 'btc',
    amount: string,
  ): Promise<{ user: Member; key: TestKey }> {
    const user = await member(t);
    await fund(t, user, ids[asset], amount);
    return { user, key: await createKey(t, user) };
  }

  it('places, fills, cancels and cancels all, acknowledged in order with the HTTP order shape', async () => {
    const seller = await trader('btc', '1');
    const buyer = await trader('usdt', '100000');
    const { socket: s, refusal } = await open(seller.key);
    expect(refusal).toBeNull();
    const { socket: b } = await open(buyer.key);

    // Many calls in flight at once: the acknowledgements arrive in the order they were sent.
    const order: number[] = [];
    const acks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        place(s, {
          trade_type: 'sell',
          price: String(30000 + i),
          volume: '0.01',
          client_order_id: `ask-${i}`,
        }).then((a) => {
          order.push(i);
          return a;
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [i, a] of acks.entries()) {
      if (!a.ok) throw new Error(a.message);
      expect(orderSchema.strict().parse(a.data)).toMatchObject({
        status: 'open',
        client_order_id: `ask-${i}`,
      });
    }
    // The HTTP list shows the same order, field for field.
    const listed = await authed(
      t,
      'GET',
      '/orders/spot?order_status=open&page_size=100',
      seller.user.token,
    );
    const first = acks[0] as { ok: true; data: OrderDto };
    expect(listed.json().data).toContainEqual(first.data);

    const updates: OrderDto[] = [];
    s.on('order_update', (u) => updates.push(u.data));
    const fill = await place(b, { trade_type: 'buy', price: '30001', volume: '0.015' });
    expect(fill).toMatchObject({
      ok: true,
      data: { status: 'filled', filled_volume: '0.015', average_price: '30000.333333333333333333' },
    });

    const byClient = await cancel(s, { client_order_id: 'ask-5' });
    expect(byClient).toMatchObject({
      ok: true,
      data: { status: 'cancelled', client_order_id: 'ask-5' },
    });
    const byId = await cancel(s, { order_id: (acks[6] as { data: OrderDto }).data._id });
    expect(byId).toMatchObject({
      ok: true,
      data: { status: 'cancelled', client_order_id: 'ask-6' },
    });
    const again = await cancel(s, { client_order_id: 'ask-5' });
    expect(again).toEqual({
      ok: false,
      status: 404,
      code: 'NOT_FOUND',
      message: 'Order not found',
    });

    const all = await cancelAll(s, { symbol: 'BTCUSDT' });
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
    await expect
      .poll(() => updates.some((u) => u.client_order_id === 'ask-0' && u.status === 'filled'))
      .toBe(true);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('answers a refused order with its code, and keeps the order of answers around it', async () => {
    const { key } = await trader('usdt', '100');
    const { socket } = await open(key);
    const answers = await Promise.all([
      place(socket, { trade_type: 'buy', price: '10', volume: '1', client_order_id: 'x' }),
      place(socket, { trade_type: 'buy', price: '10', volume: '100' }),
      place(socket, { trade_type: 'buy', price: '10', volume: '1', client_order_id: 'x' }),
      place(socket, { trade_type: 'buy', price: '-1', volume: '1' }),
      place(socket, { symbol: 'NOPE', trade_type: 'buy', price: '1', volume: '1' }),
      cancel(socket, {}),
      place(socket, { trade_type: 'buy', price: '10', volume: '1', client_order_id: 'y' }),
    ]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.code))).toEqual([
      'ok',
      'INSUFFICIENT_BALANCE',
      'CONFLICT',
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'VALIDATION_ERROR',
      'ok',
    ]);
    expect(answers[1]).toMatchObject({ status: 400, message: 'Insufficient balance' });
    expect(answers[3]).toMatchObject({ status: 400, message: 'Price must be greater than 0' });
  });

  it('refuses a bad signature, a key without trade, a stale timestamp, and closes sockets of a revoked key', async () => {
    const { user, key } = await trader('usdt', '100');
    expect(
      (
        await open(key, {
          key: key.apiKey,
          timestamp: String(t.clock.now().getTime()),
          signature: 'f'.repeat(64),
        })
      ).refusal,
    ).toBe('Signature does not match');
    const stale = String(t.clock.now().getTime() - 60_000);
    const staleSig = signPayload(
      key.secret,
      signingPayload(stale, 'WS', ORDER_ENTRY_NAMESPACE, '', ''),
    );
    expect(
      (await open(key, { key: key.apiKey, timestamp: stale, signature: staleSig })).refusal,
    ).toContain('receive window');
    const reader = await createKey(t, user, { scopes: ['read'] });
    expect((await open(reader)).refusal).toBe('This API key lacks the trade permission');

    const { socket } = await open(key);
    const other = await createKey(t, user);
    const { socket: bystander } = await open(other);
    const closedBy = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await closedBy).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    expect((await open(key)).refusal).toBe('API key revoked');
  });
});
