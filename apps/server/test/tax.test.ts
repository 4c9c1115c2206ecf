import { taxPeriodOf, tdsDeductionSchema, tdsStatementSchema } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/** The CSVs start with a byte-order mark, so spreadsheets read them as UTF-8. */
const withoutBom = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1);
};

describe.each(BACKENDS)('TDS under section 194S on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let admin: Member;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
  });

  const order = (user: Member, side: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });
  const spot = async (user: Member) => {
    const rows = (await authed(t, 'GET', '/wallets/spot', user.token)).json().data as {
      short_name: string;
      amount: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.short_name, r.amount]));
  };
  const get = (user: Member, url: string) => authed(t, 'GET', url, user.token);
  const tdsHeld = async () => {
    const rows = await t.database.db
      .selectFrom('accounts')
      .select(['token_id', 'available'])
      .where('system', '=', 'tds')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.token_id, r.available]));
  };

  it('charges each side on what it receives after the fee: 1% with a PAN, 20% without', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t);
    // The rate a preview shows before the order: the user's own.
    expect((await get(buyer, '/tax/rate')).json().data).toEqual({
      rate: '0.01',
      pan_on_record: true,
      threshold_inr: '0',
      received_inr: '0',
    });
    expect((await get(seller, '/tax/rate')).json().data).toMatchObject({
      rate: '0.2',
      pan_on_record: false,
    });
    await fund(t, buyer, ids.usdt, '10000');
    await fund(t, seller, ids.btc, '1');
    const ask = await order(seller, 'sell', '30000', '0.1');
    const bid = await order(buyer, 'buy', '30000', '0.1');
    expect(bid.json().data).toMatchObject({
      status: 'filled',
      fee: '0.0001',
      fee_token: 'BTC',
      tds: '0.000999',
    });
    // The seller's answer came before the fill; the order history shows its fee and TDS.
    const sold = await get(seller, '/orders/spot?order_status=closed');
    expect(sold.json().data).toEqual([
      expect.objectContaining({ _id: ask.json().data._id, fee: '3', tds: '599.4' }),
    ]);
    expect(await spot(buyer)).toMatchObject({ BTC: '0.098901', USDT: '7000' });
    expect(await spot(seller)).toMatchObject({ USDT: '2397.6', BTC: '0.9' });
    expect(await tdsHeld()).toEqual({
      [ids.btc]: '999000000000000',
      [ids.usdt]: '599400000000000000000',
    });

    const mine = await get(buyer, '/tax/deductions');
    const period = taxPeriodOf(t.clock.now());
    expect(mine.json()).toMatchObject({ total: 1 });
    const [deduction] = mine.json().data;
    expect(tdsDeductionSchema.strict().parse(deduction)).toEqual({
      symbol: 'BTCUSDT',
      trade_id: '1',
      order_id: bid.json().data._id,
      side: 'buy',
      token: 'BTC',
      received: '0.0999',
      tds: '0.000999',
      rate: '0.01',
      price_usdt: '30000',
      usdt_inr_rate: '88',
      received_inr: '263736',
      tds_inr: '2637.36',
      financial_year: period.financialYear,
      quarter: period.quarter,
      created_at: expect.any(String),
    });
    const theirs = (await get(seller, '/tax/deductions')).json().data;
    expect(theirs).toEqual([
      expect.objectContaining({
        side: 'sell',
        token: 'USDT',
        received: '2997',
        tds: '599.4',
        rate: '0.2',
        price_usdt: '1',
        received_inr: '263736',
        tds_inr: '52747.2',
      }),
    ]);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('values deductions at the USDT/INR rate an admin sets, kept with its history', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t, { pan: true });
    await fund(t, buyer, ids.usdt, '1000');
    await fund(t, seller, ids.btc, '1');

    const refused = await authed(t, 'POST', '/admin/tax/usdt-inr-rates', admin.token, {
      rate: '-1',
    });
    expect(refused.json()).toMatchObject({
      status: 400,
      message: 'Rate must be a positive number of rupees with at most 6 decimal places',
    });
    const notAdmin = await authed(t, 'POST', '/admin/tax/usdt-inr-rates', buyer.token, {
      rate: '90',
    });
    expect(notAdmin.statusCode).toBe(403);
    const before = (await get(admin, '/admin/tax/usdt-inr-rates')).json();
    expect(before).toMatchObject({ total: 1, data: [{ rate: '88', set_by: null }] });

    t.clock.advance(1000);
    // No USDTINR market to compare with: a proposal a second admin approves (review N4-H2).
    const set = await authed(t, 'POST', '/admin/tax/usdt-inr-rates', admin.token, {
      rate: '90.5',
    });
    expect(set.json()).toMatchObject({ status: 200, data: { rate: '90.5', status: 'proposed' } });
    const second = await member(t, { role: 'admin' });
    const approved = await authed(
      t,
      'POST',
      `/admin/tax/usdt-inr-rates/proposals/${set.json().data.proposal_id}/approve`,
      second.token,
    );
    expect(approved.json()).toMatchObject({ status: 200, data: { rate: '90.5' } });
    const after = (await get(admin, '/admin/tax/usdt-inr-rates')).json();
    expect(after).toMatchObject({
      total: 2,
      data: [
        { rate: '90.5', set_by: admin.email, approved_by: second.email },
        { rate: '88', set_by: null },
      ],
    });

    await order(seller, 'sell', '30000', '0.01');
    await order(buyer, 'buy', '30000', '0.01');
    expect((await get(buyer, '/tax/deductions')).json().data).toEqual([
      expect.objectContaining({
        received: '0.00999',
        tds: '0.0000999',
        usdt_inr_rate: '90.5',
        // 271.2285, a rupee value: rounded down to the paisa (core/paise.ts).
        tds_inr: '271.22',
      }),
    ]);
    expect((await get(seller, '/tax/deductions')).json().data).toEqual([
      expect.objectContaining({ received: '299.7', tds: '2.997', tds_inr: '271.22' }),
    ]);
    const actions = await t.database.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('action', 'in', ['tax.usdt_inr_rate_proposed', 'tax.usdt_inr_rate_approved'])
      .orderBy('created_at')
      .execute();
    expect(actions).toMatchObject([
      { admin_id: admin.id, before: { rate: '88' }, after: { rate: '90.5' } },
      { admin_id: second.id, before: { rate: '88' }, after: { rate: '90.5' } },
    ]);
  });

  it('gives the user a statement per financial year and a CSV of the deductions', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t);
    await fund(t, buyer, ids.usdt, '1000');
    await fund(t, seller, ids.btc, '1');
    await order(seller, 'sell', '20000', '0.02');
    await order(buyer, 'buy', '20000', '0.01');
    await order(buyer, 'buy', '20000', '0.01');
    const period = taxPeriodOf(t.clock.now());

    const res = await get(buyer, `/tax/statement?financial_year=${period.financialYear}`);
    const statement = tdsStatementSchema.strict().parse(res.json().data);
    expect(statement).toMatchObject({
      financial_year: period.financialYear,
      name: 'Test Member',
      email: buyer.email,
      pan_masked: expect.stringMatching(/^XXXXXX\d{3}[A-Z]$/),
      totals: [
        {
          token: 'BTC',
          received: '0.01998',
          tds: '0.0001998',
          deductions: 2,
          // Each line 0.0000999 BTC × 20000 USDT × 90.5 INR = 180.819, to the paisa 180.81:
          // the total is the sum of the lines as they show.
          tds_inr: '361.62',
        },
      ],
      tds_inr: '361.62',
      financial_years: [period.financialYear],
    });
    expect(statement.quarters.map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
    expect(statement.quarters[period.quarter - 1]?.totals).toEqual(statement.totals);
    const seller_ = (await get(seller, '/tax/statement')).json().data;
    expect(seller_).toMatchObject({ pan_masked: null, totals: [{ token: 'USDT', tds: '79.92' }] });

    const csv = await get(buyer, `/tax/deductions/csv?financial_year=${period.financialYear}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tds-${period.financialYear}.csv"`,
    );
    const lines = withoutBom(csv.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (IST),Financial year,Quarter,Symbol,Trade,Order,Side,Coin,Received after fee,TDS,Rate (%),Price (USDT),USDT/INR,Received (INR),TDS (INR)',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${period.financialYear},Q${period.quarter},BTCUSDT,\\d+,\\d+,buy,BTC,0\\.00999,0\\.0000999,1,20000,90\\.5,18081\\.90,180\\.81$`,
      ),
    );

    const badYear = await get(buyer, '/tax/statement?financial_year=2026-28');
    expect(badYear.json()).toMatchObject({
      status: 400,
      message: 'Financial year must look like 2026-27',
    });
  });

  it('reports the quarter’s Form 26QF lines with PANs, each deduction once, and audits the access', async () => {
    const period = taxPeriodOf(t.clock.now());
    const url = `/admin/tax/form-26qf?financial_year=${period.financialYear}&quarter=${period.quarter}`;
    expect((await get(await member(t), url)).statusCode).toBe(403);
    const res = await get(admin, url);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = withoutBom(res.body).trimEnd().split('\r\n');
    expect(header).toBe(
      'Line,Deductee,Email,PAN,Section,Date of payment (IST),Amount paid (INR),TDS (INR),Rate (%),Higher rate reason,Coin,Amount paid (coin),TDS (coin),USDT/INR,Symbol,Trade,Side,Order',
    );
    const deductions = await t.database.db.selectFrom('tds_deductions').selectAll().execute();
    expect(lines).toHaveLength(deductions.length);
    const keys = lines.map((l) => l.split(',').slice(14, 17).join(':'));
    expect(new Set(keys).size).toBe(lines.length);
    expect(lines[0]).toMatch(
      /^1,Test Member,[^,]+,[A-Z]{5}\d{4}[A-Z],194S,.*,263736\.00,2637\.36,1,,BTC,0\.0999,0\.000999,88,BTCUSDT,1,buy,\d+$/,
    );
    expect(lines[1]).toMatch(
      /^2,Test Member,[^,]+,PANNOTAVBL,194S,.*,263736\.00,52747\.20,20,206AA: no PAN,USDT,2997,599\.4,88,BTCUSDT,1,sell,\d+$/,
    );
    const actions = await t.database.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('action', '=', 'tax.form_26qf_exported')
      .execute();
    expect(actions).toMatchObject([
      {
        admin_id: admin.id,
        target_type: 'tax',
        after: {
          financial_year: period.financialYear,
          quarter: period.quarter,
          lines: lines.length,
          pans_decrypted: true,
        },
      },
    ]);
    const bad = await get(
      admin,
      `/admin/tax/form-26qf?financial_year=${period.financialYear}&quarter=5`,
    );
    expect(bad.json()).toMatchObject({ status: 400, message: 'Quarter must be 1, 2, 3 or 4' });
  });

  it('dates deductions in IST across the financial year’s end', async () => {
    // Two seconds before the financial year 2026-27 ends at midnight IST (18:30 UTC).
    t.clock.advance(Date.parse('2027-03-31T18:29:58Z') - t.clock.now().getTime());
    const buyer = await member(t, { pan: true });
    const seller = await member(t, { pan: true });
    await fund(t, buyer, ids.usdt, '1000');
    await fund(t, seller, ids.btc, '1');
    await order(seller, 'sell', '10000', '0.02');
    await order(buyer, 'buy', '10000', '0.01');
    t.clock.advance(4000);
    await order(buyer, 'buy', '10000', '0.01');
    const rows = (await get(buyer, '/tax/deductions')).json().data;
    expect(
      rows.map((d: { financial_year: string; quarter: number }) => [d.financial_year, d.quarter]),
    ).toEqual([
      ['2027-28', 1],
      ['2026-27', 4],
    ]);
    const last = (await get(buyer, '/tax/deductions?financial_year=2026-27')).json();
    expect(last).toMatchObject({ total: 1, data: [{ financial_year: '2026-27', quarter: 4 }] });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});

describe.each(BACKENDS)('the TDS exemption threshold on %s', (kind) => {
  // 88 INR a USDT: 10,000 INR is about 113.6 USDT a year before TDS is charged.
  const { t, ids } = useMarketApp(kind, { env: { TDS_THRESHOLD_INR: '10000' } });

  it('charges a user’s fills only once what they received this financial year exceeds it', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t, { pan: true });
    await fund(t, buyer, ids.usdt, '1000');
    await fund(t, seller, ids.btc, '2');
    const order = (user: Member, side: 'buy' | 'sell', volume: string) =>
      authed(t, 'POST', '/orders/spot', user.token, {
        symbol: 'BTCUSDT',
        order_type: 'limit',
        trade_type: side,
        price: '100',
        volume,
      });
    expect((await order(seller, 'sell', '2')).json().data).toMatchObject({ status: 'open' });
    // 0.999 BTC × 100 × 88 = 8791.2 INR: within the threshold.
    expect((await order(buyer, 'buy', '1')).json().data).toMatchObject({
      status: 'filled',
      tds: '0',
    });
    // What a preview reads: the threshold and what counts against it so far.
    expect((await authed(t, 'GET', '/tax/rate', buyer.token)).json().data).toEqual({
      rate: '0.01',
      pan_on_record: true,
      threshold_inr: '10000',
      received_inr: '8791.2',
    });
    // Another 8791.2 INR: 17582.4 in the year, over it.
    expect((await order(buyer, 'buy', '1')).json().data).toMatchObject({ tds: '0.00999' });
    const rows = (await authed(t, 'GET', '/tax/deductions', buyer.token)).json().data;
    expect(rows.map((d: { rate: string; tds: string }) => [d.rate, d.tds])).toEqual([
      ['0.01', '0.00999'],
      ['0', '0'],
    ]);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
