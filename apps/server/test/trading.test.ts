import { apiErrorSchema, orderSchema, successSchema } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

describe.each(BACKENDS)('spot trading through the API on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);

  // The order routes write their answers, refusals too, without re-checking them: hold them to
  // the contract.
  const orderAnswer = successSchema(orderSchema.strict()).strict();
  const refusal = apiErrorSchema.strict();

  const order = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot', user.token, { symbol: 'BTCUSDT', ...body });
  const cancel = (user: Member, id: string) =>
    t.request({
      method: 'PATCH',
      url: `/api/v1/orders/spot/${id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { status: 'cancelled' },
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
  async function traders() {
    const seller = await member(t, { pan: true });
    const buyer = await member(t, { pan: true });
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '10000');
    return { seller, buyer };
  }

  it('matches a limit buy against a resting limit sell at the maker price, with fees in what each receives', async () => {
    const { seller, buyer } = await traders();
    const ask = await order(seller, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '30000',
      volume: '0.5',
    });
    expect(ask.json()).toMatchObject({
      status: 200,
      message: 'Order placed successfully',
      data: { status: 'open', price: '30000', volume: '0.5', amount: '15000' },
    });
    expect(orderAnswer.parse(ask.json())).toEqual(ask.json());
    const bid = await order(buyer, {
      order_type: 'limit',
      trade_type: 'buy',
      price: 30100,
      volume: 0.2,
    });
    expect(bid.json().data).toMatchObject({
      status: 'filled',
      filled_volume: '0.2',
      average_price: '30000',
      fee: '0.0002',
      fee_token: 'BTC',
      // 1% TDS on the 0.1998 BTC received after the fee.
      tds: '0.001998',
    });
    expect(await spot(buyer)).toMatchObject({ USDT: ['4000', '0'], BTC: ['0.197802', '0'] });
    expect(await spot(seller)).toMatchObject({ USDT: ['5934.06', '0'], BTC: ['0.5', '0.3'] });

    const open = await authed(t, 'GET', '/orders/spot?order_status=open', seller.token);
    expect(open.json()).toMatchObject({
      total: 1,
      data: [
        {
          _id: ask.json().data._id,
          symbol: 'BTCUSDT',
          trade_type: 'sell',
          status: 'open',
          filled_volume: '0.2',
          fee: '6',
          fee_token: 'USDT',
          tds: '59.94',
        },
      ],
    });
    const closed = await authed(t, 'GET', '/orders/spot?filters[order_status]=closed', buyer.token);
    expect(closed.json()).toMatchObject({
      total: 1,
      data: [{ status: 'filled', order_type: 'limit' }],
    });

    // A market buy holds its volume at 5% above the best ask and gives back what it did not spend.
    const tooBig = await order(buyer, { order_type: 'market', trade_type: 'buy', volume: '0.3' });
    expect(tooBig.json()).toMatchObject({ status: 400, message: 'Insufficient balance' });
    const market = await order(buyer, { order_type: 'market', trade_type: 'buy', volume: '0.1' });
    expect(market.json().data).toMatchObject({
      status: 'filled',
      filled_volume: '0.1',
      average_price: '30000',
      amount: '3000',
      price: '30000',
    });
    expect(await spot(buyer)).toMatchObject({ USDT: ['1000', '0'], BTC: ['0.296703', '0'] });
    expect(await spot(seller)).toMatchObject({ USDT: ['8901.09', '0'], BTC: ['0.5', '0.2'] });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('fills partially, cancels the rest and releases exactly what was still held', async () => {
    const { seller, buyer } = await traders();
    const bid = await order(buyer, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '25000',
      volume: '0.4',
    });
    expect(await spot(buyer)).toMatchObject({ USDT: ['0', '10000'] });
    const sell = await order(seller, { order_type: 'market', trade_type: 'sell', volume: '0.1' });
    expect(sell.json().data).toMatchObject({
      status: 'filled',
      average_price: '25000',
      fee: '2.5',
      fee_token: 'USDT',
      tds: '24.975',
    });
    expect(await spot(buyer)).toMatchObject({ USDT: ['0', '7500'], BTC: ['0.098901', '0'] });
    const cancelled = await cancel(buyer, bid.json().data._id);
    expect(cancelled.json()).toMatchObject({
      status: 200,
      message: 'Order cancelled successfully',
      data: { status: 'cancelled', filled_volume: '0.1', cancel_reason: 'user' },
    });
    expect(orderAnswer.parse(cancelled.json())).toEqual(cancelled.json());
    expect(await spot(buyer)).toMatchObject({ USDT: ['7500', '0'] });
    expect(await spot(seller)).toMatchObject({ USDT: ['2472.525', '0'], BTC: ['0.9', '0'] });
    const again = await cancel(buyer, bid.json().data._id);
    expect(again.json()).toMatchObject({ status: 404, message: 'Order not found' });
    expect(refusal.parse(again.json())).toEqual(again.json());
  });

  it('never trades a user with themself: their resting order is cancelled instead', async () => {
    const user = await member(t);
    await fund(t, user, ids.btc, '1');
    await fund(t, user, ids.usdt, '50000');
    const ask = await order(user, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '100',
      volume: '1',
    });
    const bid = await order(user, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    });
    expect(bid.json().data).toMatchObject({ status: 'open', filled_volume: '0' });
    const history = await authed(t, 'GET', '/orders/spot?order_status=closed', user.token);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        _id: ask.json().data._id,
        status: 'cancelled',
        cancel_reason: 'self-trade',
        filled_volume: '0',
      }),
    ]);
    expect(await spot(user)).toMatchObject({ BTC: ['1', '0'], USDT: ['49900', '100'] });
    await cancel(user, bid.json().data._id);
  });

  it('refuses bad orders with clear messages and changes nothing', async () => {
    const { seller, buyer } = await traders();
    // Each price and volume filter's refusal: modules/orders/order-filters.test.ts.
    const cases: [Member, Record<string, unknown>, string][] = [
      [
        buyer,
        { order_type: 'limit', trade_type: 'buy', price: '100.001', volume: '1' },
        'Price must be a positive multiple of 0.01 USDT',
      ],
      [
        buyer,
        { order_type: 'limit', trade_type: 'buy', volume: '1' },
        'Price is required for a limit order',
      ],
      [
        buyer,
        { order_type: 'limit', trade_type: 'buy', price: '0', volume: '1' },
        'Price must be greater than 0',
      ],
      [
        buyer,
        { order_type: 'limit', trade_type: 'buy', price: '20000', volume: '1' },
        'Insufficient balance',
      ],
      [
        seller,
        { order_type: 'limit', trade_type: 'sell', price: '20000', volume: '1.5' },
        'Insufficient balance',
      ],
      [
        buyer,
        { order_type: 'stop', trade_type: 'buy', price: '1', volume: '1' },
        'Order type must be limit, market or stop_limit',
      ],
      [
        buyer,
        { symbol: 'NOPEUSDT', order_type: 'limit', trade_type: 'buy', price: '1', volume: '1' },
        'Unknown symbol NOPEUSDT',
      ],
    ];
    for (const [user, body, message] of cases) {
      const res = await order(user, body);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ success: false, message });
      expect(refusal.parse(res.json())).toEqual(res.json());
    }
    expect(await spot(buyer)).toMatchObject({ USDT: ['10000', '0'] });
    expect(await spot(seller)).toMatchObject({ BTC: ['1', '0'] });
  });

  it('does not let another user cancel an order', async () => {
    const { seller, buyer } = await traders();
    const ask = await order(seller, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '99999',
      volume: '0.1',
    });
    const res = await cancel(buyer, ask.json().data._id);
    expect(res.json()).toMatchObject({ status: 404, message: 'Order not found' });
    const still = await authed(t, 'GET', '/orders/spot?order_status=open', seller.token);
    expect(still.json().data.map((o: { _id: string }) => o._id)).toContain(ask.json().data._id);
    await cancel(seller, ask.json().data._id);
  });

  it('refuses orders on a halted pair and needs verified identity (D18)', async () => {
    const { buyer } = await traders();
    const admin = await member(t, { role: 'admin' });
    const halt = await authed(t, 'POST', '/admin/markets/pairs/BTCUSDT/halt', admin.token);
    expect(halt.statusCode, halt.body).toBe(200);
    const halted = await order(buyer, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    });
    expect(halted.json()).toMatchObject({ status: 409, message: 'Trading is halted on BTCUSDT' });
    await authed(t, 'POST', '/admin/markets/pairs/BTCUSDT/resume', admin.token);
    const unverified = await member(t, { kyc: 'pending_identity' });
    const refused = await order(unverified, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    });
    expect(refused.json()).toMatchObject({ status: 403, code: 'KYC_REQUIRED' });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
