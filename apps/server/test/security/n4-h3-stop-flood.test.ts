import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '../../src/core/unit-of-work.js';
import { OrderEntryClient } from '../../src/demo/order-entry-client.js';
import { grantFunds } from '../../src/demo/grant-funds.js';
import { auditLedger } from '../../src/modules/audit/service.js';
import { placeOrder } from '../../src/modules/orders/commands.js';
import { insertUser } from '../../src/modules/users/repository.js';
import { createKey } from '../support/api-keys.js';
import { BACKENDS } from '../support/databases.js';
import { fund } from '../support/market.js';
import { useMarketApp } from '../support/market-app.js';
import { authed, member, type Member } from '../support/members.js';

/**
 * Review N4-H3: one account placed 20,000 stops through the batch endpoint and one crossing
 * trade froze the single writer for 4.8 s (every crossed stop triggered in one command, each
 * found by a scan of all of them); cancel-all of 40,000 froze it for 4.1 s. Now a user may keep
 * at most 200 open orders and 5 untriggered stops per pair (Binance's MAX_NUM_ORDERS and
 * MAX_NUM_ALGO_ORDERS), refused on every path; a stop's value is judged at its stop price too;
 * and one command triggers or cancels at most 64, the rest following in later commands.
 * The bound is shown by counting what each command did, never by timing it.
 */
describe.each(BACKENDS)('N4-H3: a stop flood cannot stall the writer, on %s', (kind) => {
  const { t, ids } = useMarketApp(kind, { minNotional: '5' });
  let url = '';
  let attacker: Member;
  const clients: OrderEntryClient[] = [];

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    attacker = await member(t, { pan: true });
    await fund(t, attacker, ids.btc, '100');
    await fund(t, attacker, ids.usdt, '10000000');
    // A last price of 30,000.
    const other = await member(t, { pan: true });
    await fund(t, other, ids.usdt, '1000');
    await place(attacker, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '30000',
      volume: '0.001',
    });
    await place(other, { order_type: 'limit', trade_type: 'buy', price: '30000', volume: '0.001' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  const place = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot', user.token, { symbol: 'BTCUSDT', ...body });
  const stop = (i: number) => ({
    symbol: 'BTCUSDT',
    order_type: 'stop_limit',
    trade_type: 'sell',
    price: '29000',
    stop_price: String(29_500 - i),
    volume: '0.001',
  });

  it('refuses a stop whose held value is under the minimum at its stop price', async () => {
    // The review's shape: the limit at the highest price passes the minimum on a pittance.
    const res = await place(attacker, {
      order_type: 'stop_limit',
      trade_type: 'sell',
      price: '671088',
      stop_price: '1',
      volume: '0.001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Order value must be at least 5 USDT');
  });

  it('refuses the sixth untriggered stop on a pair through the batch endpoint, in English and Hindi', async () => {
    const res = await authed(t, 'POST', '/orders/spot/batch', attacker.token, {
      orders: Array.from({ length: 20 }, (_, i) => stop(i)),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { success: boolean; code?: string; message?: string }[];
    expect(items.filter((i) => i.success)).toHaveLength(5);
    expect(items.slice(5).every((i) => !i.success && i.code === 'TOO_MANY_ORDERS')).toBe(true);
    expect(items[5]?.message).toBe(
      "Too many stop orders: you may have at most 5 untriggered stop orders on BTCUSDT (an OCO's stop counts). Cancel some first",
    );
    const hindi = await t.request({
      method: 'POST',
      url: '/api/v1/orders/spot',
      headers: { authorization: `Bearer ${attacker.token}`, 'accept-language': 'hi' },
      payload: stop(30),
    });
    expect(hindi.json()).toMatchObject({ code: 'TOO_MANY_ORDERS' });
    expect(hindi.json().message).toContain('स्टॉप ऑर्डर');
    // An OCO's stop leg counts too.
    const oco = await authed(t, 'POST', '/orders/spot/oco', attacker.token, {
      symbol: 'BTCUSDT',
      trade_type: 'sell',
      volume: '0.001',
      price: '31000',
      stop_price: '29000',
      stop_limit_price: '28900',
    });
    expect(oco.json()).toMatchObject({ code: 'TOO_MANY_ORDERS' });
  });

  it('refuses it through order entry and the Binance API too (-2010), and lists the caps', async () => {
    const key = await createKey(t, attacker);
    const client = await OrderEntryClient.connect(url, key, { now: () => t.clock.now().getTime() });
    clients.push(client);
    const answer = await client.place(stop(40) as never);
    expect(answer).toMatchObject({ ok: false, status: 400, code: 'TOO_MANY_ORDERS' });

    const body =
      `symbol=BTCUSDT&side=SELL&type=STOP_LOSS_LIMIT&timeInForce=GTC&quantity=0.001` +
      `&price=29000&stopPrice=29400&timestamp=${t.clock.now().getTime()}`;
    const signature = createHmac('sha256', key.secret).update(body).digest('hex');
    const res = await fetch(`${url}/api/v3/order`, {
      method: 'POST',
      headers: {
        'x-mbx-apikey': key.apiKey,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `${body}&signature=${signature}`,
    });
    expect(await res.json()).toEqual({
      code: -2010,
      msg: 'Account has too many open stop loss and/or take profit orders on the symbol.',
    });
    const info = (await (await fetch(`${url}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as {
      symbols: { filters: { filterType: string }[] }[];
    };
    expect(info.symbols[0]?.filters).toEqual(
      expect.arrayContaining([
        { filterType: 'MAX_NUM_ORDERS', maxNumOrders: 200 },
        { filterType: 'MAX_NUM_ALGO_ORDERS', maxNumAlgoOrders: 5 },
      ]),
    );
  });

  it('refuses the 201st open order on a pair; cancel-all cancels them at most 64 a command', async () => {
    const user = await member(t, { pan: true });
    await fund(t, user, ids.usdt, '1000000');
    for (let call = 0; call < 10; call++) {
      const res = await authed(t, 'POST', '/orders/spot/batch', user.token, {
        orders: Array.from({ length: 20 }, (_, i) => ({
          symbol: 'BTCUSDT',
          order_type: 'limit',
          trade_type: 'buy',
          price: String(20_000 + call * 20 + i),
          volume: '0.001',
        })),
      });
      expect((res.json().data as { success: boolean }[]).every((i) => i.success)).toBe(true);
    }
    const more = await place(user, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '20000',
      volume: '0.001',
    });
    expect(more.json()).toMatchObject({
      code: 'TOO_MANY_ORDERS',
      message:
        'Too many open orders: you may have at most 200 open orders on BTCUSDT. Cancel some first',
    });
    // An order that cannot rest is never refused by the cap (this one has nothing to match).
    const market = await place(user, { order_type: 'market', trade_type: 'buy', volume: '0.001' });
    expect(market.json().code).toBe('BAD_REQUEST');

    const { trading } = t.app.ctx.core.state;
    const watch = perCommand(() => trading.openOrders.countOf(user.id, 'BTCUSDT'));
    try {
      const res = await authed(t, 'POST', '/orders/spot/cancel-all', user.token, {
        symbol: 'BTCUSDT',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(200);
    } finally {
      watch.stop();
    }
    expect(trading.openOrders.countOf(user.id, 'BTCUSDT')).toBe(0);
    // 200 cancels took at least four commands, none more than 64.
    expect(Math.max(...watch.drops)).toBeLessThanOrEqual(64);
    expect(watch.drops.filter((d) => d > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('triggers 300 crossed stops of 60 users at most 64 a command, all of them, in price-time order', async () => {
    const { core } = t.app.ctx;
    const pair = core.state.trading.pairOf('BTCUSDT');
    // The attacker's stops of the tests before are cancelled first.
    await authed(t, 'POST', '/orders/spot/cancel-all', attacker.token, { symbol: 'BTCUSDT' });
    expect(
      [...core.state.trading.openOrders.values()].filter((o) => o.userId === attacker.id),
    ).toEqual([]);
    const bidder = await member(t, { pan: true });
    await fund(t, bidder, ids.usdt, '100000');
    // A bid that absorbs every triggered stop at 29,000.
    await place(bidder, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '29000',
      volume: '0.301',
    });
    const users: string[] = [];
    for (let u = 0; u < 60; u++) {
      const row = await insertUser(t.database.db, {
        email: `flood${u}-${randomBytes(4).toString('hex')}@example.com`,
        firstName: 'F',
        lastName: 'L',
        phone: null,
        passwordHash: 'x',
      });
      users.push(row.id);
      await grantFunds(core, {
        userId: row.id,
        tokenId: ids.btc,
        amount: 10n ** 17n,
        wallet: 'spot',
      });
    }
    // 300 sell stops (5 a user, the cap), stop prices 29,950 down to 29,351 in steps of 2, tied in
    // pairs, placed in an order unrelated to their price.
    const placed: { id: number; stopTicks: number }[] = [];
    for (let i = 0; i < 300; i++) {
      const stopTicks = (29_950 - 2 * Math.floor(((i * 37) % 300) / 2)) * 100;
      const o = await core.sequencer.submit(
        placeOrder({
          userId: users[i % 60] as string,
          pair,
          side: 'sell',
          type: 'limit',
          priceTicks: 2_900_000,
          stopTicks,
          lots: 100,
        }),
      );
      placed.push({ id: o.id, stopTicks });
    }
    const stops = core.state.trading.stopsOf('BTCUSDT');
    expect(stops.size).toBe(300);
    const watch = perCommand(() => stops.size);
    try {
      // One trade at 29,000 crosses all 300.
      const seller = await member(t, { pan: true });
      await fund(t, seller, ids.btc, '1');
      await place(seller, {
        order_type: 'limit',
        trade_type: 'sell',
        price: '29000',
        volume: '0.001',
      });
      await core.sequencer.idle();
    } finally {
      watch.stop();
    }
    expect(stops.size).toBe(0);
    expect(Math.max(...watch.drops)).toBeLessThanOrEqual(64);
    // The crossing command triggered 64; the other 236 followed in at least four more commands.
    expect(watch.drops.filter((d) => d > 0).length).toBeGreaterThanOrEqual(5);

    // Each triggered stop traded with the bid in the order it triggered: highest stop first,
    // the older first at one stop price.
    const trades = await t.database.db
      .selectFrom('trades')
      .select(['taker_order_id'])
      .where('pair_id', '=', pair.id)
      .where(
        'taker_order_id',
        'in',
        placed.map((p) => String(p.id)),
      )
      .orderBy('id')
      .execute();
    const expected = [...placed]
      .sort((a, b) => b.stopTicks - a.stopTicks || a.id - b.id)
      .map((p) => String(p.id));
    expect(trades.map((r) => String(r.taker_order_id))).toEqual(expected);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  afterAll(() => {
    for (const c of clients) c.close();
  });
});

/**
 * How much `measure` fell in each command the writer ran while watching: counted from the unit
 * of work's command boundaries, so the bound is shown by counting, not by timing.
 */
function perCommand(measure: () => number) {
  const drops: number[] = [];
  const begin = UnitOfWork.prototype.beginCommand;
  const end = UnitOfWork.prototype.endCommand;
  let before = 0;
  UnitOfWork.prototype.beginCommand = function (this: UnitOfWork) {
    before = measure();
    return begin.call(this);
  };
  UnitOfWork.prototype.endCommand = function (this: UnitOfWork) {
    drops.push(before - measure());
    end.call(this);
  };
  return {
    drops,
    stop() {
      UnitOfWork.prototype.beginCommand = begin;
      UnitOfWork.prototype.endCommand = end;
    },
  };
}
