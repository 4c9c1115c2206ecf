import { describe, expect, it } from 'vitest';
import { ledgerOne, parseAmount } from '../src/core/money.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const u = (s: string) => parseAmount(s) as bigint;

/** Issue 37 item 6: the P&L of a scripted sequence of fills equals a hand computation. */
describe.each(BACKENDS)('profit and loss by average cost on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);

  const order = (user: Member, trade_type: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type,
      price,
      volume,
    }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { status: string };
    });

  it('values a deposit at its price, realises a sell after fee and TDS, and marks the rest at the last price', async () => {
    const me = await member(t, { pan: true });
    const maker = await member(t, { pan: true });
    const taker = await member(t, { pan: true });
    await fund(t, maker, ids.btc, '1');
    await fund(t, taker, ids.usdt, '1000');
    await fund(t, me, ids.usdt, '100');

    // The first price: 100 (the 24 h window opens there).
    await order(maker, 'sell', '100', '0.01');
    expect((await order(taker, 'buy', '100', '0.01')).status).toBe('filled');
    // A deposit of 1 BTC while the price is 100: cost basis 100.
    await fund(t, me, ids.btc, '1');
    // I sell 0.5 at 120 (maker): 60 USDT, fee 0.1% = 0.06, TDS 1% of 59.94 = 0.5994, so the
    // proceeds are 59.3406; the half sold cost 50: realised 9.3406. Left: 0.5 BTC costing 50.
    await order(me, 'sell', '120', '0.5');
    expect((await order(taker, 'buy', '120', '0.5')).status).toBe('filled');
    // I buy 0.3 at 110 (taker): 33 USDT for 0.3 − fee 0.0003 − TDS 1% of 0.2997 (0.002997)
    // = 0.296703 BTC. Held: 0.796703 BTC costing 83.
    await order(maker, 'sell', '110', '0.3');
    expect((await order(me, 'buy', '110', '0.3')).status).toBe('filled');

    const res = await authed(t, 'GET', '/portfolio/pnl', me.token);
    expect(res.statusCode, res.body).toBe(200);
    const pnl = res.json().data;
    expect(pnl.coins).toEqual([
      {
        coin: 'BTC',
        quantity: '0.796703',
        // 83 / 0.796703 = 104.179349142654163471…, to 18 places toward zero.
        average_cost: '104.179349142654163471',
        cost_basis: '83',
        realised: '9.3406',
        // 0.796703 × 110 − 83 = 87.63733 − 83.
        unrealised: '4.63733',
        last_price: '110',
      },
    ]);
    expect((u('83') * ledgerOne) / u('0.796703')).toBe(u(pnl.coins[0].average_cost));
    expect(pnl.realised).toBe('9.3406');
    expect(pnl.unrealised).toBe('4.63733');
    // Held now: 0.796703 BTC and 100 + 59.3406 − 33 = 126.3406 USDT.
    // At 110: 87.63733 + 126.3406 = 213.97793; 24 h ago, at 100: 79.6703 + 126.3406 = 206.0109.
    expect(pnl.value).toBe('213.97793');
    expect(pnl.change_24h).toBe('7.96703');
    // 7.96703 / 206.0109 = 3.867…%, to two places toward zero.
    expect(pnl.change_24h_percent).toBe('3.86');
  });

  it('shows nothing for a user without coins, and refuses without a session', async () => {
    const nobody = await member(t);
    const res = await authed(t, 'GET', '/portfolio/pnl', nobody.token);
    expect(res.json().data).toMatchObject({
      coins: [],
      realised: '0',
      value: '0',
      change_24h: '0',
    });
    expect(res.json().data.change_24h_percent).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/v1/portfolio/pnl' })).statusCode).toBe(401);
  });
});
