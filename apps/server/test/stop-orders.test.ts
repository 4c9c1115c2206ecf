import { orderSchema, successSchema } from '@exchange/contracts';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

/**
 * Stop-limit and OCO orders through the API (issue 37): a stop rests untriggered, its funds held,
 * until the pair's last trade crosses it (a sell stop at or below, a buy stop at or above), then
 * enters the book as a limit order, also after a restart; an OCO's fill or trigger cancels its
 * other order, and the pair holds once.
 */
describe.each(BACKENDS)('stop-limit and OCO orders on %s', (kind) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let ids: { usdt: string; btc: string };
  let maker: Member;
  let taker: Member;
  let trader: Member;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await appOnDatabase(database);
    ids = await listBtcUsdt(t);
    maker = await member(t, { pan: true });
    taker = await member(t, { pan: true });
    trader = await member(t, { pan: true });
    for (const m of [maker, taker, trader]) {
      await fund(t, m, ids.btc, '10');
      await fund(t, m, ids.usdt, '1000000');
    }
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  const answer = successSchema(orderSchema.strict()).strict();
  const order = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot', user.token, { symbol: 'BTCUSDT', ...body });
  const oco = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot/oco', user.token, { symbol: 'BTCUSDT', ...body });
  const limit = (user: Member, side: 'buy' | 'sell', price: string, volume: string) =>
    order(user, { order_type: 'limit', trade_type: side, price, volume });
  const cancel = (user: Member, id: string) =>
    t.request({
      method: 'PATCH',
      url: `/api/v1/orders/spot/${id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { status: 'cancelled' },
    });
  /** Trades `volume` at `price` between the maker (sells) and the taker (buys). */
  const print = async (price: string, volume = '0.01') => {
    await limit(maker, 'sell', price, volume);
    const bid = await limit(taker, 'buy', price, volume);
    expect(bid.json().data.status).toBe('filled');
  };
  const locked = async (user: Member, coin: string) => {
    const rows = (await authed(t, 'GET', '/wallets/spot', user.token)).json().data as {
      short_name: string;
      locked_balance: string;
    }[];
    return rows.find((r) => r.short_name === coin)?.locked_balance;
  };
  const orderOf = async (user: Member, id: string) => {
    for (const list of ['open', 'closed']) {
      const res = await authed(
        t,
        'GET',
        `/orders/spot?order_status=${list}&page_size=100`,
        user.token,
      );
      const found = (res.json().data as { _id: string }[]).find((o) => o._id === id);
      if (found) return found as z.infer<typeof orderSchema>;
    }
    throw new Error(`order ${id} not listed`);
  };
  const asks = async () =>
    (await t.request({ method: 'GET', url: '/api/v1/symbols/BTCUSDT/orderbook' })).json().data
      .asks as unknown[];

  it('holds a stop-limit sell out of the book, refuses a stop already crossed, and triggers it after a restart', async () => {
    await print('30000');
    const crossed = await order(trader, {
      order_type: 'stop_limit',
      trade_type: 'sell',
      price: '30500',
      stop_price: '30100',
      volume: '0.5',
    });
    expect(crossed.json()).toMatchObject({
      status: 400,
      message: 'Stop price must be below the last price for a sell stop',
    });
    const missing = await order(trader, {
      order_type: 'stop_limit',
      trade_type: 'sell',
      price: '28900',
      volume: '0.5',
    });
    expect(missing.json()).toMatchObject({ status: 400 });
    expect(JSON.stringify(missing.json())).toContain(
      'Stop price is required for a stop-limit order',
    );
    expect(await locked(trader, 'BTC')).toBe('0');

    const placed = await order(trader, {
      order_type: 'stop_limit',
      trade_type: 'sell',
      price: '28900',
      stop_price: '29000',
      volume: '0.5',
    });
    expect(answer.parse(placed.json())).toEqual(placed.json());
    const stop = placed.json().data;
    expect(stop).toMatchObject({
      order_type: 'stop_limit',
      status: 'open',
      price: '28900',
      stop_price: '29000',
      triggered_at: null,
      oco_id: null,
    });
    expect(await locked(trader, 'BTC')).toBe('0.5');
    expect(await asks()).toEqual([]);
    // A trade above the stop leaves it waiting.
    await print('29500');
    expect(await orderOf(trader, stop._id)).toMatchObject({ status: 'open', triggered_at: null });

    // A new process on the same database sees the waiting stop and the last price.
    await t.close();
    t = await appOnDatabase(database);
    expect(await asks()).toEqual([]);
    const again = await order(trader, {
      order_type: 'stop_limit',
      trade_type: 'sell',
      price: '29400',
      stop_price: '29600',
      volume: '0.1',
    });
    expect(again.json().message).toBe('Stop price must be below the last price for a sell stop');

    // A bid rests for more than the trade at the stop: the stop's limit order then meets it.
    const bid = await limit(taker, 'buy', '29000', '0.7');
    const hit = await limit(maker, 'sell', '29000', '0.2');
    expect(hit.json().data.status).toBe('filled');
    const after = await orderOf(trader, stop._id);
    expect(after).toMatchObject({
      status: 'filled',
      filled_volume: '0.5',
      average_price: '29000',
      order_type: 'stop_limit',
    });
    expect(after.triggered_at).not.toBeNull();
    expect(await orderOf(taker, bid.json().data._id)).toMatchObject({ status: 'filled' });
    expect(await locked(trader, 'BTC')).toBe('0');
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it('cancels an untriggered stop and returns its hold', async () => {
    const placed = await order(trader, {
      order_type: 'stop_limit',
      trade_type: 'buy',
      price: '31000',
      stop_price: '30900',
      volume: '0.1',
    });
    expect(placed.json().data).toMatchObject({ status: 'open', stop_price: '30900' });
    expect(await locked(trader, 'USDT')).toBe('3100');
    const cancelled = await cancel(trader, placed.json().data._id);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
    expect(await locked(trader, 'USDT')).toBe('0');
    // Cancelled, it never triggers.
    await print('31000');
    expect(await orderOf(trader, placed.json().data._id)).toMatchObject({ status: 'cancelled' });
  });

  it('places an OCO that holds once; a fill of its limit order cancels the stop', async () => {
    const res = await oco(trader, {
      trade_type: 'sell',
      volume: '0.3',
      price: '32000',
      stop_price: '30000',
      stop_limit_price: '29900',
    });
    expect(res.json()).toMatchObject({ status: 200, message: 'OCO placed' });
    const [take, stop] = res.json().data as { _id: string; oco_id: string }[];
    expect(take).toMatchObject({ order_type: 'limit', price: '32000', oco_id: stop!._id });
    expect(stop).toMatchObject({
      order_type: 'stop_limit',
      stop_price: '30000',
      price: '29900',
      oco_id: take!._id,
    });
    expect(await locked(trader, 'BTC')).toBe('0.3');
    const wrong = await oco(trader, {
      trade_type: 'sell',
      volume: '0.3',
      price: '29000',
      stop_price: '30000',
      stop_limit_price: '29900',
    });
    expect(wrong.json()).toMatchObject({
      status: 400,
      message: 'For a sell OCO the limit price must be above the stop price',
    });

    await limit(taker, 'buy', '32000', '0.1');
    expect(await orderOf(trader, take!._id)).toMatchObject({
      status: 'open',
      filled_volume: '0.1',
    });
    expect(await orderOf(trader, stop!._id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
    });
    expect(await locked(trader, 'BTC')).toBe('0.2');
    expect((await cancel(trader, take!._id)).json().data.status).toBe('cancelled');
    expect(await locked(trader, 'BTC')).toBe('0');
  });

  it("triggers an OCO's stop, which cancels its limit order and takes over the hold", async () => {
    // The last price is 32000 now.
    const res = await oco(trader, {
      trade_type: 'buy',
      volume: '0.1',
      price: '31000',
      stop_price: '33000',
      stop_limit_price: '33100',
    });
    const [take, stop] = res.json().data as { _id: string }[];
    // Held once, for the larger need: the stop's 0.1 × 33100.
    expect(await locked(trader, 'USDT')).toBe('3310');
    await limit(maker, 'sell', '33050', '0.5');
    await limit(maker, 'sell', '33000', '0.01');
    await limit(taker, 'buy', '33000', '0.01');
    expect(await orderOf(trader, take!._id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'oco',
    });
    const triggered = await orderOf(trader, stop!._id);
    expect(triggered).toMatchObject({
      status: 'filled',
      average_price: '33050',
      filled_volume: '0.1',
    });
    expect(triggered.triggered_at).not.toBeNull();
    expect(await locked(trader, 'USDT')).toBe('0');
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it('cancels an OCO as a whole when either order is cancelled', async () => {
    const res = await oco(trader, {
      trade_type: 'sell',
      volume: '0.2',
      price: '35000',
      stop_price: '32000',
      stop_limit_price: '31900',
    });
    const [take, stop] = res.json().data as { _id: string }[];
    expect(await locked(trader, 'BTC')).toBe('0.2');
    expect((await cancel(trader, stop!._id)).json().data.status).toBe('cancelled');
    expect(await orderOf(trader, take!._id)).toMatchObject({ status: 'cancelled' });
    expect(await locked(trader, 'BTC')).toBe('0');
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
