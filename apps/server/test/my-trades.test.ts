import { MY_TRADE_COLUMNS, myTradeSchema } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

describe.each(BACKENDS)('the user’s fills (Trade History) on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let buyer: Member;
  let seller: Member;

  const order = (user: Member, side: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });
  const get = (user: Member, url: string) => authed(t, 'GET', url, user.token);

  beforeAll(async () => {
    buyer = await member(t, { pan: true });
    seller = await member(t);
    await fund(t, buyer, ids.usdt, '10000');
    await fund(t, seller, ids.btc, '1');
    expect((await order(seller, 'sell', '30000', '0.1')).statusCode).toBe(200);
    expect((await order(buyer, 'buy', '30000', '0.04')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await order(buyer, 'buy', '30000', '0.06')).statusCode).toBe(200);
  });

  it('lists each fill newest first with price, amount, fee, TDS and the role', async () => {
    const res = await get(buyer, '/orders/spot/trades');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    for (const row of body.data) expect(myTradeSchema.safeParse(row).success).toBe(true);
    // The buyer has a PAN: 1% TDS on the coin received after the 0.1% fee.
    expect(body.data).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        side: 'buy',
        price: '30000',
        amount: '0.06',
        total: '1800',
        fee: '0.00006',
        tds: '0.0005994',
        fee_token: 'BTC',
        role: 'taker',
      }),
      expect.objectContaining({ amount: '0.04', fee: '0.00004', tds: '0.0003996', role: 'taker' }),
    ]);
    // The seller (no PAN: 20%) was the maker of both, paid in USDT.
    const sold = (await get(seller, '/orders/spot/trades')).json().data;
    expect(sold).toEqual([
      expect.objectContaining({
        side: 'sell',
        fee: '1.8',
        tds: '359.64',
        fee_token: 'USDT',
        role: 'maker',
      }),
      expect.objectContaining({ side: 'sell', fee: '1.2', tds: '239.76', role: 'maker' }),
    ]);
    expect(sold[0].trade_id).toBe(body.data[0].trade_id);
    expect(sold[0].order_id).not.toBe(body.data[0].order_id);
  });

  it('pages, narrows to one pair, and refuses an unknown pair', async () => {
    const first = (await get(buyer, '/orders/spot/trades?page_size=1')).json();
    const second = (await get(buyer, '/orders/spot/trades?page_size=1&page=2')).json();
    expect([first.total, first.data[0].amount, second.data[0].amount]).toEqual([2, '0.06', '0.04']);
    expect((await get(buyer, '/orders/spot/trades?symbol=btcusdt')).json().total).toBe(2);
    const unknown = await get(buyer, '/orders/spot/trades?symbol=NOPEUSDT');
    expect(unknown.statusCode).toBe(404);
    const bad = await get(buyer, '/orders/spot/trades?page_size=500');
    expect(bad.statusCode).toBe(400);
    const stranger = await member(t);
    expect((await get(stranger, '/orders/spot/trades')).json()).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('downloads the fills as CSV', async () => {
    const res = await get(seller, '/orders/spot/trades/csv?symbol=BTCUSDT');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="trades-BTCUSDT.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(MY_TRADE_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,BTCUSDT,sell,30000,0\.06,1800,1\.8,0\.274576271186440678,359\.64,USDT,maker,/,
    );
  });

  it('shows the average fill price on the order', async () => {
    const closed = (await get(seller, '/orders/spot?order_status=closed')).json().data;
    expect(closed).toEqual([
      expect.objectContaining({ average_price: '30000', filled_volume: '0.1' }),
    ]);
  });
});
