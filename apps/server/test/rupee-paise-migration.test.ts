import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../src/core/money.js';
import { isWholePaise, PAISA } from '../src/core/paise.js';
import { down, up } from '../src/db/migrations/20261129220000-rupee-paise.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const units = (decimal: string) => parseAmount(decimal) as bigint;

/**
 * Migration 20261129220000-rupee-paise on a database holding rupees finer than the paisa, as
 * before the paisa rule: the remainders move to the `rounding` account in one balanced ledger
 * transaction, open holds are cut to the paisa, and the audit passes. The tax statement's totals
 * are the sums of its lines as shown (walk-4 W4-12).
 */
describe.each(BACKENDS)('the paisa migration on %s', (kind) => {
  // No GST: the rule's migration predates the `gst` account its check would refuse.
  const { t, ids } = useMarketApp(kind, { env: { GST_RATE: '0' } });
  let inr: string;
  let buyer: Member;
  let seller: Member;
  let openOrder: string;
  let oco: [string, string];

  const order = (user: Member, side: 'buy' | 'sell', price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'USDTINR',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });
  const db = () => t.database.db as unknown as Kysely<unknown>;
  const wallet = (m: Member) => `u:${m.id}:${inr}:spot`;

  /** A balanced rupee ledger transaction as the core wrote them before the rule. */
  async function post(moves: [string, 'available' | 'locked', bigint][]) {
    const id = crypto.randomUUID();
    await sql`insert into ledger_transactions (id, kind, reference, created_at)
      values (${id}, 'trade', 'before-the-rule', now())`.execute(db());
    for (const [account, bucket, amount] of moves) {
      await sql`insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
        values (${id}, ${account}, ${bucket}, ${inr}, ${amount.toString()}::numeric)`.execute(db());
      await sql`update accounts set ${sql.id(bucket)} = ${sql.id(bucket)} + ${amount.toString()}::numeric
        where id = ${account}`.execute(db());
    }
  }

  async function rupeeBalances() {
    const rows = await sql<{ id: string; available: string; locked: string }>`
      select id, available::text, locked::text from accounts where token_id = ${inr}`.execute(db());
    return new Map(rows.rows.map((r) => [r.id, [BigInt(r.available), BigInt(r.locked)] as const]));
  }

  beforeAll(async () => {
    inr = t.app.ctx.core.tokens.get('INR').id;
    await insertPair(t.database.db, {
      baseTokenId: ids.usdt,
      quoteTokenId: inr,
      tickSize: '0.01',
      lotSize: '0.01',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    buyer = await member(t, { pan: true });
    seller = await member(t, { pan: true });
    await fund(t, buyer, inr, '10000');
    await fund(t, seller, ids.usdt, '100');
    for (const volume of ['1', '5']) {
      expect((await order(seller, 'sell', '88.50', volume)).statusCode).toBe(200);
      expect((await order(buyer, 'buy', '88.50', volume)).statusCode).toBe(200);
    }
    const open = await order(buyer, 'buy', '80.00', '2');
    openOrder = open.json().data._id;
    // A buy OCO: the limit at 80 holds 80, the stop-limit (stop 95, limit 96) the 16 more it needs.
    const placed = await authed(t, 'POST', '/orders/spot/oco', buyer.token, {
      symbol: 'USDTINR',
      trade_type: 'buy',
      volume: '1',
      price: '80',
      stop_price: '95',
      stop_limit_price: '96',
    });
    expect(placed.statusCode).toBe(200);
    oco = placed.json().data.map((o: { _id: string }) => o._id);
    expect((await auditLedger(t.database.db)).ok).toBe(true);

    // The database as it was before the rule, with rupees finer than the paisa.
    await down(db());
    await post([
      [wallet(buyer), 'available', -units('0.00459')],
      [wallet(seller), 'available', units('0.00341')],
      [`s:fees:${inr}`, 'available', units('0.00118')],
    ]);
    await post([
      [wallet(buyer), 'available', -units('0.00777')],
      [wallet(buyer), 'locked', units('0.00777')],
    ]);
    await sql`update orders set held = held + ${units('0.00777').toString()}::numeric
      where id = ${openOrder}`.execute(db());
    // The OCO's holds as 80.006 and 16.007: together 96.013.
    await post([
      [wallet(buyer), 'available', -units('0.013')],
      [wallet(buyer), 'locked', units('0.013')],
    ]);
    for (const [id, extra] of [
      [oco[0], '0.006'],
      [oco[1], '0.007'],
    ] as const)
      await sql`update orders set held = held + ${units(extra).toString()}::numeric
        where id = ${id}`.execute(db());
    // The tax page of walk-4 (W4-12): lines of ₹8.53401 and ₹43.96599; and one deduction as the
    // old rule made it, to the unit (443.005 received at 1%: 4.43005, where the rule says 4.43).
    const lines = await sql<{ trade_id: string }>`select trade_id::text from tds_deductions
      where user_id = ${seller.id} order by trade_id`.execute(db());
    const [first, second] = lines.rows.map((r) => r.trade_id);
    await sql`update tds_deductions set tds_inr = ${units('8.53401').toString()}::numeric
      where user_id = ${seller.id} and trade_id = ${first}`.execute(db());
    await sql`update tds_deductions set received = ${units('443.005').toString()}::numeric,
        amount = ${units('4.43005').toString()}::numeric, tds_inr = ${units('43.96599').toString()}::numeric
      where user_id = ${seller.id} and trade_id = ${second}`.execute(db());
    await post([
      [wallet(seller), 'available', -units('0.00005')],
      [`s:tds:${inr}`, 'available', units('0.00005')],
    ]);
  });

  it('moves every remainder below the paisa to the rounding account and the audit passes', async () => {
    const before = await rupeeBalances();
    const held = await sql<{
      held: string;
    }>`select held::text from orders where id = ${openOrder}`.execute(db());
    expect(BigInt(held.rows[0]!.held)).toBe(units('160.00777'));
    // What each account keeps is its whole balance (a released hold included) cut to the paisa.
    const remainders = [...before.values()].reduce((sum, [a, l]) => sum + ((a + l) % PAISA), 0n);
    expect(remainders).toBeGreaterThan(0n);

    await up(db());

    const after = await rupeeBalances();
    for (const [id, [available, locked]] of after) {
      expect(isWholePaise(available) && isWholePaise(locked), id).toBe(true);
    }
    expect(after.get(`s:rounding:${inr}`)).toEqual([remainders, 0n]);
    // The hold keeps 160.00, its 0.00777 back to available, then that remainder to rounding; the
    // OCO together keeps 96.01 (80.00 and 16.01), what its triggered stop would need at most.
    expect(after.get(wallet(buyer))?.[1]).toBe(units('256.01'));
    const pair = await sql<{ held: string }>`select held::text from orders
      where id in (${oco[0]}, ${oco[1]}) order by id`.execute(db());
    expect(pair.rows.map((r) => r.held)).toEqual([
      units('80').toString(),
      units('16.01').toString(),
    ]);
    const cut = await sql<{
      held: string;
    }>`select held::text from orders where id = ${openOrder}`.execute(db());
    expect(cut.rows[0]!.held).toBe(units('160').toString());
    const moved = await sql<{ kind: string; entries: number; paise: boolean }>`
      select t.kind, count(*)::int as entries, bool_and(t.paise) as paise from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id where t.reference = 'rupee-paise'
      group by t.kind`.execute(db());
    expect(moved.rows).toEqual([{ kind: 'rounding', entries: expect.any(Number), paise: false }]);
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    expect(audit.totals.find((r) => r.token === 'INR')?.rounding).toBe(formatAmount(remainders));
  });

  it('shows the tax lines to the paisa and totals them as shown', async () => {
    const lines = (await authed(t, 'GET', '/tax/deductions', seller.token)).json().data;
    const statement = (await authed(t, 'GET', '/tax/statement', seller.token)).json().data;
    expect(lines.map((d: { tds_inr: string }) => d.tds_inr).sort()).toEqual(['43.96', '8.53']);
    // The rupee coin's own amounts show to the paisa too: 4.43005 as 4.43.
    expect(lines.map((d: { tds: string }) => d.tds).sort()).toEqual(['0.89', '4.43']);
    // 8.53 + 43.96: the old lines were cut down and their exact sum (52.50000) rounded.
    expect(statement.tds_inr).toBe('52.49');
    const inrTotal = statement.totals.find((r: { token: string }) => r.token === 'INR');
    expect(inrTotal).toMatchObject({ tds_inr: '52.49', tds: '5.32', deductions: 2 });
  });
});
