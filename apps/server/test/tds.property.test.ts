import { taxPeriodOf } from '@exchange/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerOne, parseAmount } from '../src/core/money.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { placeOrder } from '../src/modules/orders/commands.js';
import { form26qfCsv } from '../src/modules/tax/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member, type Member } from './support/members.js';

interface RandomOrder {
  user: number;
  side: 'buy' | 'sell';
  /** Ticks of 0.01 USDT around 100 USDT. */
  ticks: number;
  /** Lots of 0.00001 BTC. */
  lots: number;
}

const randomOrder: fc.Arbitrary<RandomOrder> = fc.record({
  user: fc.integer({ min: 0, max: 3 }),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  ticks: fc.integer({ min: 9_990, max: 10_010 }),
  lots: fc.integer({ min: 1, max: 300_000 }),
});

const TDS_RATE = parseAmount('0.01') as bigint;
const TDS_RATE_NO_PAN = parseAmount('0.2') as bigint;

describe.each(BACKENDS)('TDS on random trades on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  /** Two users with a PAN on record, two without. */
  let users: { member: Member; pan: boolean }[];

  beforeAll(async () => {
    users = [];
    for (const pan of [true, true, false, false]) {
      const m = await member(t, { pan });
      await fund(t, m, ids.usdt, '100000000');
      await fund(t, m, ids.btc, '1000000');
      users.push({ member: m, pan });
    }
  });

  it('deducts the rate × what each side received (rounded down), balances the ledger and the tds account, and lists each deduction once in 26QF', async () => {
    const admin = await member(t, { role: 'admin' });
    const pair = t.app.ctx.core.state.trading.pairOf('BTCUSDT');
    let fills = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(randomOrder, { minLength: 10, maxLength: 30 }), async (orders) => {
        const lastTrade = await t.database.db
          .selectFrom('trades')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst();
        const since = Number(lastTrade?.max ?? 0);
        // All at once: the sequencer batches them, as it does under load.
        await Promise.all(
          orders.map((o) =>
            t.app.ctx.core.sequencer.submit(
              placeOrder({
                userId: users[o.user]!.member.id,
                pair,
                side: o.side,
                type: 'limit',
                priceTicks: o.ticks,
                lots: o.lots,
              }),
            ),
          ),
        );
        const trades = await t.database.db
          .selectFrom('trades')
          .selectAll()
          .where('id', '>', String(since))
          .execute();
        const deductions = await t.database.db
          .selectFrom('tds_deductions')
          .selectAll()
          .where('trade_id', '>', String(since))
          .execute();
        expect(deductions).toHaveLength(trades.length * 2);
        fills += trades.length;
        const orderRows = await t.database.db
          .selectFrom('orders')
          .select(['id', 'user_id', 'side'])
          .execute();
        const ownerOf = new Map(orderRows.map((o) => [String(o.id), o.user_id]));
        const hasPan = new Map(users.map((u) => [u.member.id, u.pan]));
        for (const trade of trades) {
          const [buyerOrder, sellerOrder] =
            trade.taker_side === 'buy'
              ? [trade.taker_order_id, trade.maker_order_id]
              : [trade.maker_order_id, trade.taker_order_id];
          const buyerFee = trade.taker_side === 'buy' ? trade.taker_fee : trade.maker_fee;
          const sellerFee = trade.taker_side === 'sell' ? trade.taker_fee : trade.maker_fee;
          const legs = [
            ['buy', buyerOrder, BigInt(trade.quantity) - BigInt(buyerFee), ids.btc],
            ['sell', sellerOrder, BigInt(trade.quote_quantity) - BigInt(sellerFee), ids.usdt],
          ] as const;
          for (const [side, orderId, received, token] of legs) {
            const d = deductions.find((x) => x.trade_id === trade.id && x.side === side);
            const userId = ownerOf.get(String(orderId)) as string;
            const rate = hasPan.get(userId) ? TDS_RATE : TDS_RATE_NO_PAN;
            expect(d).toMatchObject({
              user_id: userId,
              order_id: String(orderId),
              token_id: token,
              received: received.toString(),
              rate: rate.toString(),
            });
            // Rounded down: never more than the exact tax, and less by under one unit.
            const amount = BigInt(d!.amount);
            expect(amount * ledgerOne <= received * rate).toBe(true);
            expect((amount + 1n) * ledgerOne > received * rate).toBe(true);
          }
        }
        const audit = await auditLedger(t.database.db);
        expect(audit.violations).toEqual([]);
        // The tds account of each coin holds exactly the sum of that coin's deductions.
        const held = await t.database.db
          .selectFrom('accounts')
          .select(['token_id', 'available', 'locked'])
          .where('system', '=', 'tds')
          .execute();
        const all = await t.database.db.selectFrom('tds_deductions').selectAll().execute();
        for (const token of [ids.btc, ids.usdt]) {
          const sum = all
            .filter((d) => d.token_id === token)
            .reduce((s, d) => s + BigInt(d.amount), 0n);
          const account = held.find((a) => a.token_id === token);
          expect(BigInt(account?.available ?? 0) + BigInt(account?.locked ?? 0)).toBe(sum);
        }
        // The quarter's 26QF lists every deduction of the quarter once.
        const { financialYear, quarter } = taxPeriodOf(t.clock.now());
        const csv = await form26qfCsv(
          t.app.ctx,
          { adminId: admin.id, ip: '127.0.0.1' },
          financialYear,
          quarter,
        );
        const lines = csv.slice(1).trimEnd().split('\r\n').slice(1);
        const keys = lines.map((l) => {
          const cells = l.split(',');
          return `${cells[15]}:${cells[16]}`;
        });
        expect(keys.sort()).toEqual(all.map((d) => `${d.trade_id}:${d.side}`).sort());
      }),
      { numRuns: kind === 'pglite' ? 15 : 10 },
    );
    // The random orders crossed: the properties held over real fills.
    expect(fills).toBeGreaterThan(20);
  });
});
