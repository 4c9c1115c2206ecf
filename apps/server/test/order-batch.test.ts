import { batchItemSchema, orderSchema, successSchema } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCoreState } from '../src/core/load.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

describe.each(BACKENDS)('batch order calls and client order ids on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);

  const batchAnswer = successSchema(z.array(batchItemSchema.strict())).strict();
  const limit = (side: 'buy' | 'sell', price: string, volume: string, extra: object = {}) => ({
    symbol: 'BTCUSDT',
    order_type: 'limit',
    trade_type: side,
    price,
    volume,
    ...extra,
  });
  const spot = async (user: Member) => {
    const res = await authed(t, 'GET', '/wallets/spot', user.token);
    const rows = res.json().data as {
      short_name: string;
      amount: string;
      locked_balance: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.short_name, [r.amount, r.locked_balance]]));
  };

  it('places a batch, answering each order on its own: refusals refuse nothing else', async () => {
    const user = await member(t);
    await fund(t, user, ids.usdt, '1000');
    const res = await authed(t, 'POST', '/orders/spot/batch', user.token, {
      orders: [
        limit('buy', '100', '1', { client_order_id: 'a-1' }),
        limit('buy', '100', '100'), // 10,000 USDT: more than the balance
        limit('buy', '100.001', '1'), // off the tick
        { symbol: 'NOPEUSDT', order_type: 'limit', trade_type: 'buy', price: '1', volume: '1' },
        limit('buy', '101', '1', { client_order_id: 'a-1' }), // the id is taken by the first
        limit('buy', '102', '2', { client_order_id: 'a-2' }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const items = batchAnswer.parse(res.json()).data;
    expect(items.map((i) => [i.status, i.code ?? null])).toEqual([
      [200, null],
      [400, 'INSUFFICIENT_BALANCE'],
      [400, 'BAD_REQUEST'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [200, null],
    ]);
    expect(items[2]?.message).toBe('Price must be a positive multiple of 0.01 USDT');
    expect(items[4]?.message).toBe(
      'Client order id a-1 is already used by another of your orders of the last 24 hours',
    );
    expect(items[0]?.data).toMatchObject({ client_order_id: 'a-1', status: 'open', price: '100' });
    expect(orderSchema.strict().parse(items[5]?.data)).toMatchObject({ client_order_id: 'a-2' });
    expect(await spot(user)).toMatchObject({ USDT: ['696', '304'] });

    const over = await authed(t, 'POST', '/orders/spot/batch', user.token, {
      orders: Array.from({ length: 21 }, () => limit('buy', '1', '1')),
    });
    expect(over.json()).toMatchObject({ status: 400, message: 'At most 20 orders a call' });
    expect(await spot(user)).toMatchObject({ USDT: ['696', '304'] });
  });

  it('cancels by id and client order id in one call, each answered; a cancelled order keeps its client id', async () => {
    const user = await member(t);
    const other = await member(t);
    await fund(t, user, ids.usdt, '1000');
    await fund(t, other, ids.usdt, '1000');
    const placed = await authed(t, 'POST', '/orders/spot/batch', user.token, {
      orders: [
        limit('buy', '10', '1', { client_order_id: 'grid-1' }),
        limit('buy', '11', '1', { client_order_id: 'grid-2' }),
        limit('buy', '12', '1'),
      ],
    });
    const [first, , third] = placed.json().data as { data: { _id: string } }[];
    const theirs = await authed(t, 'POST', '/orders/spot', other.token, limit('buy', '13', '1'));
    const res = await authed(t, 'POST', '/orders/spot/cancel', user.token, {
      order_ids: [third?.data._id, theirs.json().data._id, 'x1', third?.data._id],
      client_order_ids: ['grid-2', 'missing'],
    });
    const items = batchAnswer.parse(res.json()).data;
    expect(items.map((i) => i.status)).toEqual([200, 404, 404, 404, 200, 404]);
    expect(items[4]?.data).toMatchObject({ client_order_id: 'grid-2', status: 'cancelled' });
    // The other user's order is untouched.
    const open = await authed(t, 'GET', '/orders/spot?order_status=open', other.token);
    expect(open.json().total).toBe(1);

    // grid-2 still names the cancelled order for a day: the same order again is its retry,
    // answered with it; grid-1 is taken by the open one.
    const again = await authed(
      t,
      'POST',
      '/orders/spot',
      user.token,
      limit('buy', '11', '1', { client_order_id: 'grid-2' }),
    );
    expect(again.json()).toMatchObject({
      status: 200,
      data: { client_order_id: 'grid-2', status: 'cancelled' },
    });
    await authed(t, 'POST', '/orders/spot', user.token, limit('buy', '11', '1'));
    const taken = await authed(
      t,
      'POST',
      '/orders/spot',
      user.token,
      limit('buy', '11', '1', { client_order_id: 'grid-1' }),
    );
    expect(taken.json()).toMatchObject({ status: 409 });
    expect(first?.data._id).toBeDefined();

    const all = await authed(t, 'POST', '/orders/spot/cancel-all', user.token, {
      symbol: 'btcusdt',
    });
    expect(all.json()).toMatchObject({ status: 200, message: '2 orders cancelled' });
    expect(await spot(user)).toMatchObject({ USDT: ['1000', '0'] });
    const unknown = await authed(t, 'POST', '/orders/spot/cancel-all', user.token, {
      symbol: 'NOPE',
    });
    expect(unknown.json()).toMatchObject({ status: 404, message: 'Unknown symbol NOPE' });
    const tooMany = await authed(t, 'POST', '/orders/spot/cancel', user.token, {
      order_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)),
    });
    expect(tooMany.json()).toMatchObject({ status: 400, message: 'At most 100 orders a call' });
  });

  it('keeps client order ids across a restart, and the ledger balanced after a mixed batch run', async () => {
    const seller = await member(t);
    const buyer = await member(t);
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '100000');
    await authed(t, 'POST', '/orders/spot/batch', seller.token, {
      orders: [
        limit('sell', '30000', '0.1', { client_order_id: 's1' }),
        limit('sell', '30100', '0.1', { client_order_id: 's2' }),
      ],
    });
    const buys = await authed(t, 'POST', '/orders/spot/batch', buyer.token, {
      orders: [
        limit('buy', '30050', '0.15'),
        limit('buy', '29000', '0.1', { client_order_id: 'b1' }),
      ],
    });
    expect(buys.json().data.map((i: { data: { status: string } }) => i.data.status)).toEqual([
      'open',
      'open',
    ]);
    // s1 filled, s2 is open: after a reload of the core from the database, both ids still name
    // their orders (another order under either is refused), and a retry of s1 answers it.
    const { core } = t.app.ctx;
    await core.sequencer.idle();
    await loadCoreState(t.database.db, core.state, core.tokens);
    const reuse = await authed(
      t,
      'POST',
      '/orders/spot',
      seller.token,
      limit('sell', '31000', '0.01', { client_order_id: 's1' }),
    );
    expect(reuse.json()).toMatchObject({ status: 409 });
    const retry = await authed(
      t,
      'POST',
      '/orders/spot',
      seller.token,
      limit('sell', '30000', '0.1', { client_order_id: 's1' }),
    );
    expect(retry.json()).toMatchObject({ status: 200, data: { status: 'filled' } });
    const dup = await authed(
      t,
      'POST',
      '/orders/spot',
      seller.token,
      limit('sell', '31000', '0.01', { client_order_id: 's2' }),
    );
    expect(dup.json()).toMatchObject({ status: 409 });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
