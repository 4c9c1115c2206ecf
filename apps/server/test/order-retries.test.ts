import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../src/core/core.js';
import { OrderEntryClient } from '../src/demo/order-entry-client.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { binanceCall, binanceSignature, signedParams } from './support/binance-signed.js';
import { StreamClient } from './support/binance-stream-client.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';

/**
 * Safe retries (issue 50): an order sent again under the same client order id is not placed
 * twice, on every entry. Ours answer the first order; Binance's refuse with its -2010, and the
 * order is found by `origClientOrderId`.
 */
describe(`an order retried under its client order id (${kind})`, () => {
  const { t, ids } = useMarketApp(kind);
  let url: string;
  let maker: Member;
  let taker: Member;
  let takerKey: TestKey;
  const closing: (() => void)[] = [];

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [maker, taker] = [await member(t), await member(t)];
    await fund(t, maker, ids.btc, '10');
    await fund(t, taker, ids.usdt, '1000000');
    takerKey = await createKey(t, taker);
  });
  afterAll(() => closing.forEach((close) => close()));

  const order = (side: 'buy' | 'sell', price: string, volume: string, id?: string) => ({
    symbol: 'BTCUSDT',
    order_type: 'limit',
    trade_type: side,
    price,
    volume,
    ...(id && { client_order_id: id }),
  });
  const place = (user: Member, body: object) => authed(t, 'POST', '/orders/spot', user.token, body);
  const spot = async (user: Member) =>
    (await authed(t, 'GET', '/wallets/spot', user.token)).json().data as unknown;
  const tradeCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('trades')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('REST: a retry answers the first order, filled or open; another order under the id is refused', async () => {
    await place(maker, order('sell', '30000', '0.5'));
    const first = await place(taker, order('buy', '30000', '0.1', 'rest-1'));
    expect(first.json().data).toMatchObject({ status: 'filled', client_order_id: 'rest-1' });
    const [wallet, trades] = [await spot(taker), await tradeCount()];
    const again = await place(taker, order('buy', '30000', '0.1', 'rest-1'));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id: first.json().data._id, status: 'filled' });
    expect([await spot(taker), await tradeCount()]).toEqual([wallet, trades]);

    const other = await place(taker, order('buy', '29000', '0.1', 'rest-1'));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'Client order id rest-1 is already used by another of your orders of the last 24 hours',
    );

    const resting = await place(taker, order('buy', '20000', '0.1', 'rest-2'));
    const retried = await place(taker, order('buy', '20000', '0.1', 'rest-2'));
    expect(retried.json().data).toMatchObject({ _id: resting.json().data._id, status: 'open' });
  });

  it('REST: the id still names its order after the core is loaded again (a restart, a takeover)', async () => {
    const first = await place(taker, order('buy', '30000', '0.1', 'rest-3'));
    expect(first.json().data).toMatchObject({ status: 'filled' });
    await t.app.ctx.core.sequencer.idle();
    await loadCore(t.app.ctx.core, t.app.ctx.db, { tds: t.app.ctx.config.tds, now: new Date() });
    const again = await place(taker, order('buy', '30000', '0.1', 'rest-3'));
    expect(again.json().data).toMatchObject({ _id: first.json().data._id, status: 'filled' });
  });

  it('WebSocket order entry: a retry answers the first order', async () => {
    const client = await OrderEntryClient.connect(url, takerKey, {
      now: () => t.clock.now().getTime(),
    });
    closing.push(() => client.close());
    const body = order('buy', '30000', '0.1', 'ws-1') as never;
    const first = await client.place(body);
    const again = await client.place(body);
    if (!first.ok) throw new Error(first.message);
    expect(again).toMatchObject({ ok: true, data: { _id: first.data._id, status: 'filled' } });
  });

  it('Binance REST: a retry is -2010, the order found by origClientOrderId', async () => {
    const params =
      'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.1&price=30000&newClientOrderId=bn-1';
    const send = () =>
      binanceCall(t, takerKey, 'POST', '/order', {
        body: signedParams(takerKey, `${params}&timestamp=${t.clock.now().getTime()}`),
      });
    const first = await send();
    expect(first.json()).toMatchObject({ clientOrderId: 'bn-1', status: 'FILLED' });
    const again = await send();
    expect(again.json()).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    const query = signedParams(
      takerKey,
      `symbol=BTCUSDT&origClientOrderId=bn-1&timestamp=${t.clock.now().getTime()}`,
    );
    const found = await binanceCall(t, takerKey, 'GET', '/order', { query });
    expect(found.json()).toMatchObject({ orderId: first.json().orderId, status: 'FILLED' });
  });

  it("Binance's WebSocket API: order.place retried is -2010, order.status finds it", async () => {
    const ws = await StreamClient.open(`${url.replace(/^http/, 'ws')}/ws-api/v3`);
    closing.push(() => ws.ws.terminate());
    let n = 0;
    const call = async (method: string, params: Record<string, string | number>) => {
      const all = { ...params, apiKey: takerKey.apiKey, timestamp: t.clock.now().getTime() };
      const payload = Object.keys(all)
        .sort()
        .map((k) => `${k}=${all[k as keyof typeof all]}`)
        .join('&');
      const id = `c${n++}`;
      ws.send({
        id,
        method,
        params: { ...all, signature: binanceSignature(takerKey.secret, payload) },
      });
      return ws.next((f) => f.id === id);
    };
    const params = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.1',
      price: '30000',
      newClientOrderId: 'bnws-1',
    };
    const first = await call('order.place', params);
    expect(first).toMatchObject({ status: 200, result: { status: 'FILLED' } });
    const again = await call('order.place', params);
    expect(again).toMatchObject({
      status: 400,
      error: { code: -2010, msg: 'Duplicate order sent.' },
    });
    const found = await call('order.status', { symbol: 'BTCUSDT', origClientOrderId: 'bnws-1' });
    expect(found).toMatchObject({
      status: 200,
      result: { orderId: (first.result as { orderId: number }).orderId },
    });
  });
});
