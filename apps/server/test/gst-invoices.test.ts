import { gstInvoicesSchema, gstStateSchema } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { moveClockTo } from './support/clock-sessions.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * Issue 52, GST on fees: the user's state (changed with a reason), the monthly tax invoice per
 * user numbered once in the financial year's series, and the admin's GSTR-1 export. The
 * exchange is in Karnataka (29, the sample GSTIN); one user is there, one in Maharashtra (27).
 */
describe.each(BACKENDS)('GST invoices on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let local: Member;
  let away: Member;
  let market: Member;
  let admin: Member;

  const at = (ist: string) => moveClockTo(t, ist, [local, away, market, admin]);
  const call = (who: Member, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    authed(t, method, url, who.token, body);
  const trade = async (
    who: Member,
    symbol: string,
    side: string,
    price: string,
    volume: string,
  ) => {
    const other = side === 'buy' ? 'sell' : 'buy';
    for (const [m, s] of [
      [market, other],
      [who, side],
    ] as const) {
      const body = { symbol, order_type: 'limit', trade_type: s, price, volume };
      expect((await call(m, 'POST', '/orders/spot', body)).json()).toMatchObject({ status: 200 });
    }
  };

  beforeAll(async () => {
    const inr = t.app.ctx.core.tokens.get('INR').id;
    await insertPair(t.database.db, {
      baseTokenId: ids.btc,
      quoteTokenId: inr,
      tickSize: '1',
      lotSize: '0.00001',
      minNotional: '0',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    [local, away, market] = [
      await member(t, { pan: true }),
      await member(t, { pan: true }),
      await member(t, { pan: true }),
    ];
    admin = await member(t, { role: 'admin' });
    await fund(t, local, ids.usdt, '5000');
    await fund(t, away, ids.btc, '0.01');
    await fund(t, market, ids.btc, '1');
    await fund(t, market, inr, '10000');
    await at('2027-05-10T10:00:00');
  });

  it("keeps the user's state with each change and its reason; refuses a change without one", async () => {
    const set = (who: Member, state_code: string, reason: string) =>
      call(who, 'PUT', '/tax/gst/state', { state_code, reason });
    expect((await set(local, '29', 'no')).statusCode).toBe(400);
    expect((await set(local, '99', 'I live there')).statusCode).toBe(400);
    expect((await set(local, '29', 'I live in Bengaluru')).statusCode).toBe(200);
    expect((await set(away, '29', 'Moved for work')).statusCode).toBe(200);
    const moved = await set(away, '27', 'Moved back to Pune');
    const state = gstStateSchema.strict().parse(moved.json().data);
    expect(state).toMatchObject({ state_code: '27', source: 'user' });
    expect(state.changes.map((c) => [c.state_code, c.reason])).toEqual([
      ['27', 'Moved back to Pune'],
      ['29', 'Moved for work'],
    ]);
    expect((await set(away, '27', 'Same again')).statusCode).toBe(400);
  });

  it("invoices each user's month: CGST + SGST in the exchange's state, IGST elsewhere", async () => {
    await at('2027-05-20T10:00:00');
    await trade(local, 'BTCUSDT', 'buy', '30000', '0.1'); // fee 0.0001 BTC: ₹264.00 at ₹88
    await trade(away, 'BTCINR', 'sell', '4000000', '0.001'); // fee ₹4.00
    const list = async (who: Member) =>
      gstInvoicesSchema.strict().parse((await call(who, 'GET', '/tax/gst/invoices')).json().data);
    expect((await list(local)).invoices).toEqual([
      expect.objectContaining({ month: '2027-05', open: true, number: null }),
    ]);
    const early = await call(local, 'GET', '/tax/gst/invoices/2027-05/pdf');
    expect(early.statusCode).toBe(400);

    await at('2027-06-02T10:00:00');
    const mine = await list(local);
    expect(mine).toMatchObject({
      exchange_gstin: '29AAACE1234F1Z2',
      exchange_state: '29',
      rate: '18',
    });
    // GST 0.000015254237288136 BTC × 30000 × ₹88 = ₹40.27 (down to the paisa): 20.14 + 20.13.
    expect(mine.invoices).toEqual([
      {
        month: '2027-05',
        financial_year: '2027-28',
        number: null,
        open: false,
        taxable: '223.73',
        cgst: '20.14',
        sgst: '20.13',
        igst: '0.00',
        total: '264.00',
      },
    ]);
    expect((await list(away)).invoices).toEqual([
      expect.objectContaining({ taxable: '3.38', cgst: '0.00', sgst: '0.00', igst: '0.62' }),
    ]);
  });

  it("numbers invoices once each in the year's series, without gaps, under concurrent downloads", async () => {
    const pdf = (who: Member) => call(who, 'GET', '/tax/gst/invoices/2027-05/pdf');
    const answers = await Promise.all([pdf(local), pdf(away), pdf(local), pdf(away), pdf(local)]);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toBe('application/pdf');
    }
    const numberIn = (body: string) => /Invoice number: ([0-9-]+\/[0-9]+)/.exec(body)?.[1];
    const localNumber = numberIn(answers[0]!.body);
    const awayNumber = numberIn(answers[1]!.body);
    expect(answers.map((a) => numberIn(a.body))).toEqual([
      localNumber,
      awayNumber,
      localNumber,
      awayNumber,
      localNumber,
    ]);
    expect([localNumber, awayNumber].sort()).toEqual(['2027-28/000001', '2027-28/000002']);
    expect(answers[0]!.body).toContain('Supplier GSTIN: 29AAACE1234F1Z2');
    expect(answers[1]!.body).toContain('Place of supply: Maharashtra \\(27\\)');
    const series = await t.database.db.selectFrom('gst_invoice_series').selectAll().execute();
    expect(series).toEqual([{ financial_year: '2027-28', last_number: 2 }]);
    const list = (await call(local, 'GET', '/tax/gst/invoices')).json().data;
    expect(list.invoices[0].number).toBe(localNumber);
    // A month without fees has no invoice.
    expect((await call(local, 'GET', '/tax/gst/invoices/2027-04/pdf')).statusCode).toBe(404);
  });

  it("exports the month's GST for GSTR-1 per place of supply, and the ledger audit is clean", async () => {
    const res = await call(admin, 'GET', '/admin/tax/gstr-1?month=2027-05');
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows).toEqual([
      'Type,Place Of Supply,Rate,Taxable Value,Integrated Tax,Central Tax,State/UT Tax,Cess Amount,E-Commerce GSTIN',
      'OE,27-Maharashtra,18,3.38,0.62,0.00,0.00,0.00,',
      // The local user's ₹264.00 and the market's (no state on record: the exchange's), ₹264.00
      // in USDT and ₹3.99 in BTC: ₹531.99 of fees, ₹40.27 + ₹40.27 + ₹0.61 = ₹81.15 of GST.
      'OE,29-Karnataka,18,450.84,0.00,40.58,40.57,0.00,',
    ]);
    expect((await call(local, 'GET', '/admin/tax/gstr-1?month=2027-05')).statusCode).toBe(403);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
