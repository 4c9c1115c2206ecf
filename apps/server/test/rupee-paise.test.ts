import { beforeAll, describe, expect, it } from 'vitest';
import { isWholePaise } from '../src/core/paise.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * The rupee is exact to the paisa (issue 47, `core/paise.ts`): fills on rupee pairs whose price ×
 * volume is finer than a paisa leave every rupee balance, hold, fee and TDS line in whole paise,
 * and the ledger audit passes.
 */
describe.each(BACKENDS)('rupees to the paisa on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let inr: string;

  beforeAll(async () => {
    inr = t.app.ctx.core.tokens.get('INR').id;
    const db = t.database.db;
    // BTC/INR as the demo lists it (one step, ₹1 × 0.00001 BTC, is a thousandth of a paisa)
    // and USDT/INR as the rupee tests do.
    await insertPair(db, {
      baseTokenId: ids.btc,
      quoteTokenId: inr,
      tickSize: '1',
      lotSize: '0.00001',
    });
    await insertPair(db, {
      baseTokenId: ids.usdt,
      quoteTokenId: inr,
      tickSize: '0.01',
      lotSize: '0.01',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
  });

  const order = (
    user: Member,
    symbol: string,
    side: 'buy' | 'sell',
    price: string,
    volume: string,
  ) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol,
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });

  async function rupeeAccounts() {
    return t.database.db
      .selectFrom('accounts')
      .select(['id', 'available', 'locked'])
      .where('token_id', '=', inr)
      .execute();
  }

  it('moves each fill value rounded down, the fee and TDS rounded up, all in whole paise', async () => {
    const buyer = await member(t, { pan: true });
    const seller = await member(t, { pan: true });
    await fund(t, buyer, inr, '10000');
    await fund(t, seller, ids.usdt, '100');
    expect((await order(seller, 'USDTINR', 'sell', '88.51', '10.01')).statusCode).toBe(200);
    const bid = (await order(buyer, 'USDTINR', 'buy', '88.51', '10.01')).json().data;
    // 10.01 × 88.51 = 885.9851: the buyer pays 885.98 (the order's amount says so too).
    expect(bid).toMatchObject({ status: 'filled', amount: '885.98', tds: '0' });
    const asked = (await authed(t, 'GET', '/orders/spot?status=filled', seller.token)).json();
    expect(asked.data[0]).toMatchObject({ amount: '885.98', fee: '0.89', fee_token: 'INR' });
    // Fee 0.1% of 885.98 = 0.88598 → 0.89; TDS 1% of 885.09 = 8.8509 → 8.86; 876.23 is left.
    expect(asked.data[0].tds).toBe('8.86');
    const sold = (await authed(t, 'GET', '/tax/deductions', seller.token)).json().data;
    expect(sold).toEqual([
      expect.objectContaining({
        token: 'INR',
        received: '885.09',
        tds: '8.86',
        received_inr: '885.09',
        tds_inr: '8.86',
      }),
    ]);
    const wallets = (await authed(t, 'GET', '/wallets', seller.token)).json().data;
    const rupees = JSON.stringify(wallets);
    expect(rupees).toContain('"876.23"');
    expect(rupees).not.toMatch(/"\d+\.\d{3,}"[^}]*INR/);
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });

  it('holds a rupee buy at its value rounded down, which covers fills at several prices', async () => {
    const buyer = await member(t, { pan: true });
    const sellers = [await member(t, { pan: true }), await member(t, { pan: false })];
    await fund(t, buyer, inr, '100000');
    for (const s of sellers) await fund(t, s, ids.btc, '1');
    expect((await order(sellers[0]!, 'BTCINR', 'sell', '8584471', '0.00123')).statusCode).toBe(200);
    expect((await order(sellers[1]!, 'BTCINR', 'sell', '8584473', '0.00077')).statusCode).toBe(200);
    // 0.00301 × 8,584,473 = 25,839.26373: held 25,839.26.
    const bid = (await order(buyer, 'BTCINR', 'buy', '8584473', '0.00301')).json().data;
    expect(bid).toMatchObject({ status: 'open', filled_volume: '0.002', amount: '25839.26' });
    // Filled 10,558.89933 → 10,558.89 and 6,610.04421 → 6,610.04; the open 0.00101 holds
    // 8,670.31773 → 8,670.31.
    const account = (await rupeeAccounts()).find((a) => a.id === `u:${buyer.id}:${inr}:spot`);
    expect(account).toMatchObject({ locked: '8670310000000000000000' });
    expect(BigInt(account!.available)).toBe(
      100000n * 10n ** 18n -
        10558_890000000000000000n -
        6610_040000000000000000n -
        8670_310000000000000000n,
    );
    expect((await order(buyer, 'BTCINR', 'buy', '8584473', '0.00001')).statusCode).toBe(200);
    expect((await auditLedger(t.database.db)).ok).toBe(true);
  });

  it('leaves every rupee balance, ledger entry and TDS line in whole paise; the audit agrees', async () => {
    for (const a of await rupeeAccounts()) {
      expect(isWholePaise(BigInt(a.available)), a.id).toBe(true);
      expect(isWholePaise(BigInt(a.locked)), a.id).toBe(true);
    }
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('token_id', '=', inr)
      .execute();
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.every((e) => isWholePaise(BigInt(e.amount)))).toBe(true);
    const lines = await t.database.db.selectFrom('tds_deductions').selectAll().execute();
    expect(lines.length).toBeGreaterThan(4);
    for (const d of lines) {
      expect(isWholePaise(BigInt(d.received_inr)) && isWholePaise(BigInt(d.tds_inr))).toBe(true);
      if (d.token_id === inr) expect(isWholePaise(BigInt(d.amount))).toBe(true);
    }
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    expect(audit.totals.find((r) => r.token === 'INR')).toMatchObject({ rounding: '0' });
  });

  it('names a rupee entry finer than the paisa as a violation', async () => {
    const [a, b] = (await rupeeAccounts()).filter((r) => BigInt(r.available) > 0n);
    const db = t.database.db;
    const tx = await db
      .insertInto('ledger_transactions')
      .values({
        id: crypto.randomUUID(),
        kind: 'transfer',
        reference: 'dust',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const move = async (account: string, amount: bigint) => {
      await db
        .insertInto('ledger_entries')
        .values({
          transaction_id: tx.id,
          account_id: account,
          bucket: 'available',
          token_id: inr,
          amount: String(amount),
        })
        .execute();
      await db
        .updateTable('accounts')
        .set((eb) => ({ available: eb('available', '+', String(amount)) }))
        .where('id', '=', account)
        .execute();
    };
    await move(a!.id, -123n);
    await move(b!.id, 123n);
    const audit = await auditLedger(db);
    expect(audit.ok).toBe(false);
    expect(audit.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(`rupee account ${a!.id} .*not whole paise`),
        expect.stringMatching(`ledger transaction ${tx.id} moves -123 .*not whole paise`),
      ]),
    );
    await move(a!.id, 123n);
    await move(b!.id, -123n);
  });
});
