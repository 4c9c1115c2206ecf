import { scheduleVdaSchema, type MyTradeDto, type ScheduleVda } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../src/core/money.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { moveClockTo } from './support/clock-sessions.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * Schedule VDA (issue 52) for a year of one user's trades on USDT and INR pairs, through the
 * server: the figures worked out by hand (FIFO, the paisa rounded down on every split), and
 * the report reconciled with the user's trade history and TDS statement.
 */
describe.each(BACKENDS)('Schedule VDA on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let user: Member;
  let market: Member;
  let admins: [Member, Member];

  const at = (ist: string) => moveClockTo(t, ist, [user, market, ...admins]);
  const order = async (
    who: Member,
    symbol: string,
    side: string,
    price: string,
    volume: string,
  ) => {
    const body = { symbol, order_type: 'limit', trade_type: side, price, volume };
    const res = await authed(t, 'POST', '/orders/spot', who.token, body);
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json().data as { status: string };
  };
  /** The user takes the market's resting order. */
  const trade = async (symbol: string, side: 'buy' | 'sell', price: string, volume: string) => {
    await order(market, symbol, side === 'buy' ? 'sell' : 'buy', price, volume);
    expect(await order(user, symbol, side, price, volume)).toMatchObject({ status: 'filled' });
  };
  const report = async (fy: string): Promise<ScheduleVda> => {
    const res = await authed(t, 'GET', `/tax/schedule-vda?financial_year=${fy}`, user.token);
    return scheduleVdaSchema.strict().parse(res.json().data);
  };

  beforeAll(async () => {
    const inr = t.app.ctx.core.tokens.get('INR').id;
    const pair = (baseTokenId: string, tickSize: string, lotSize: string) =>
      insertPair(t.database.db, {
        baseTokenId,
        quoteTokenId: inr,
        tickSize,
        lotSize,
        minNotional: '0',
      });
    await pair(ids.usdt, '0.01', '0.01');
    await pair(ids.btc, '1', '0.00001');
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    user = await member(t, { pan: true });
    market = await member(t, { pan: true });
    admins = [await member(t, { role: 'admin' }), await member(t, { role: 'admin' })];
    await fund(t, user, inr, '100000');
    await fund(t, market, inr, '100000');
    await fund(t, market, ids.usdt, '2000');
    await fund(t, market, ids.btc, '1');

    // FY 2027-28. Rupees only came in: every coin the user holds was bought here.
    await at('2027-04-10T10:00:00');
    await trade('USDTINR', 'buy', '88', '1000'); // 999 USDT after the fee, for ₹88,000
    await at('2027-05-15T10:00:00');
    await trade('BTCUSDT', 'buy', '30000', '0.01'); // 300 USDT at ₹88 into 0.00999 BTC
    await at('2027-08-01T10:00:00');
    const set = await authed(t, 'POST', '/admin/tax/usdt-inr-rates', admins[0].token, {
      rate: '90',
    });
    if (set.json().data.status === 'proposed') {
      const id = set.json().data.proposal_id as string;
      const url = `/admin/tax/usdt-inr-rates/proposals/${id}/approve`;
      expect((await authed(t, 'POST', url, admins[1].token)).json()).toMatchObject({ status: 200 });
    }
    await at('2027-09-20T10:00:00');
    await trade('BTCUSDT', 'sell', '40000', '0.005'); // 200 USDT at ₹90
    await at('2027-12-05T10:00:00');
    await trade('BTCINR', 'sell', '4500000', '0.004'); // ₹18,000
    await at('2028-03-31T23:30:00');
    await trade('USDTINR', 'sell', '85', '500'); // ₹42,500, the year's last half hour
    await at('2028-04-01T00:30:00');
    await trade('BTCINR', 'sell', '4000000', '0.0008'); // ₹3,200, the next year's first
  });

  it('matches each transfer of the year with its acquisitions first in, first out', async () => {
    const vda = await report('2027-28');
    expect(vda.method).toBe('FIFO');
    const line = (l: ScheduleVda['lines'][number]) => [
      l.coin,
      l.quantity,
      l.acquired_on,
      l.transferred_on,
      l.cost,
      l.consideration,
      l.income,
      l.tds,
      l.usdt_inr_rate,
    ];
    expect(vda.lines.map(line)).toEqual([
      // 300 of the 999 USDT bought for ₹88,000: ₹26,426.42 (rounded down); given for
      // 0.01 BTC worth 300 × ₹88 = ₹26,400. TDS: 1% of the 0.00999 BTC received, ₹263.73.
      ['USDT', '300', '2027-04-10', '2027-05-15', '26426.42', '26400.00', '-26.42', '263.73', '88'],
      // The BTC lot: 0.00999 for ₹26,400, less the 0.0000999 BTC withheld as TDS (₹264.00 of
      // its cost): 0.0098901 for ₹26,136. Half a hundredth of a BTC of it: ₹13,213.21; sold
      // for 200 USDT × ₹90 = ₹18,000 before the fee. TDS: 1% of 199.8 USDT at ₹90.
      [
        'BTC',
        '0.005',
        '2027-05-15',
        '2027-09-20',
        '13213.21',
        '18000.00',
        '4786.79',
        '179.82',
        '90',
      ],
      // 0.004 of the 0.0048901 BTC left (₹12,922.79): ₹10,570.57, sold for ₹18,000 on BTCINR.
      [
        'BTC',
        '0.004',
        '2027-05-15',
        '2027-12-05',
        '10570.57',
        '18000.00',
        '7429.43',
        '179.82',
        null,
      ],
      // 500 of the first lot's 697.002 USDT (₹61,397.58 after the 300 and the 1.998 USDT of TDS
      // withheld from the sale of 20 Sep): ₹44,044.04, sold at ₹85: a loss.
      [
        'USDT',
        '500',
        '2027-04-10',
        '2028-03-31',
        '44044.04',
        '42500.00',
        '-1544.04',
        '424.58',
        null,
      ],
    ]);
    expect(vda.lines.every((l) => l.head === 'Capital Gain' && l.cost_known)).toBe(true);
    expect(vda.coins).toEqual([
      expect.objectContaining({ coin: 'USDT', lines: 2, gains: '0.00', losses: '-1570.46' }),
      expect.objectContaining({ coin: 'BTC', lines: 2, gains: '12216.22', losses: '0.00' }),
    ]);
    // The losses (₹1,570.46) are not set off against the gains.
    expect(vda.totals).toEqual({
      cost: '94254.24',
      consideration: '104900.00',
      income: '12216.22',
      losses: '-1570.46',
      tds: '1047.95',
    });
    expect(vda.financial_years.slice(0, 2)).toEqual(['2028-29', '2027-28']);
    const next = await report('2028-29');
    expect(next.lines.map(line)).toEqual([
      // The last 0.0008901 BTC of the lot cost ₹2,352.22; 0.0008 of it ₹2,114.11.
      ['BTC', '0.0008', '2027-05-15', '2028-04-01', '2114.11', '3200.00', '1085.89', '31.97', null],
    ]);
  });

  it('reconciles with the trade history and the TDS statement exactly', async () => {
    const vda = await report('2027-28');
    const res = await authed(t, 'GET', '/orders/spot/trades?page_size=100', user.token);
    const year = (res.json().data as MyTradeDto[]).filter(
      (f) => f.time >= '2027-03-31T18:30:00.000Z' && f.time < '2028-03-31T18:30:00.000Z',
    );
    // What the history shows the user gave of each coin is what the report transferred.
    const given = new Map<string, bigint>();
    for (const f of year) {
      const quote = f.symbol.endsWith('INR') ? 'INR' : 'USDT';
      const [coin, amount] =
        f.side === 'sell' ? [f.symbol.slice(0, -quote.length), f.amount] : [quote, f.total];
      if (coin !== 'INR') given.set(coin, (given.get(coin) ?? 0n) + parseAmount(amount)!);
    }
    expect([...given].map(([coin, units]) => [coin, formatAmount(units)])).toEqual([
      ['USDT', '800'],
      ['BTC', '0.009'],
    ]);
    expect(vda.coins.map((c) => [c.coin, c.quantity])).toEqual([
      ['USDT', '800'],
      ['BTC', '0.009'],
    ]);
    const statement = await authed(t, 'GET', '/tax/statement?financial_year=2027-28', user.token);
    expect(statement.json().data.tds_inr).toBe(vda.totals.tds);
    const sum = (k: 'cost' | 'consideration') =>
      vda.lines.reduce((s, l) => s + BigInt(l[k].replace('.', '')), 0n);
    expect([sum('cost'), sum('consideration')]).toEqual([9_425_424n, 10_490_000n]);
  });

  it('downloads the lines as the ITR utility’s columns, and a PDF summary', async () => {
    const csv = await authed(t, 'GET', '/tax/schedule-vda/csv?financial_year=2027-28', user.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.slice(1).trim().split('\r\n');
    expect(rows[0]!.split(',').slice(0, 7)).toEqual([
      'Sl. No.',
      'Date of acquisition',
      'Date of transfer',
      'Head under which income to be taxed',
      'Cost of acquisition',
      'Consideration received',
      'Income from transfer of VDA (nil in case of loss)',
    ]);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 8))).toEqual([
      ['1', '10/04/2027', '15/05/2027', 'Capital Gain', '26426.42', '26400.00', '0.00', '26.42'],
      ['2', '15/05/2027', '20/09/2027', 'Capital Gain', '13213.21', '18000.00', '4786.79', '0.00'],
      ['3', '15/05/2027', '05/12/2027', 'Capital Gain', '10570.57', '18000.00', '7429.43', '0.00'],
      ['4', '10/04/2027', '31/03/2028', 'Capital Gain', '44044.04', '42500.00', '0.00', '1544.04'],
    ]);
    const pdf = await authed(t, 'GET', '/tax/schedule-vda/pdf?financial_year=2027-28', user.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(pdf.rawPayload.toString('latin1')).toContain(
      '(Income from transfer of VDA \\(gains only\\): Rs. 12216.22)',
    );
    const refused = await authed(t, 'GET', '/tax/schedule-vda/csv?financial_year=2027', user.token);
    expect(refused.json()).toMatchObject({
      status: 400,
      message: 'Financial year must look like 2026-27',
    });
  });
});
