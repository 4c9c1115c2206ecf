/**
 * The order-shaped floor's writes (floor-server.ts `orders`): for a batch of `n` calls, the rows
 * an order call writes today, on average, to the same tables (the app's own, migrated, with their
 * indexes and constraints) in one statement of data-modifying CTEs over `unnest`ed arrays, as the
 * hot path writes them (core/persist-hot.ts). No matching, no ledger logic: plausible values only.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * Rows an order call of bench:trading's workload writes, per call (bench:pg-profile's table
 * counts on PostgreSQL at the base of issue 53): account balances updated, ledger transactions
 * and entries, orders placed and changed (filled or cancelled), trades (each with a TDS deduction
 * a side), and a candle upserted per batch that trades.
 */
export const ORDER_SHAPE = {
  accountsUpdated: 1.04,
  ledgerTransactions: 0.86,
  ledgerEntries: 2.5,
  ordersPlaced: 0.63,
  ordersChanged: 0.28,
  trades: 0.13,
};

interface Market {
  pairId: string;
  accounts: { id: string; userId: string; tokenId: string }[];
}

async function readMarket(pool: pg.Pool): Promise<Market> {
  const pair = await pool.query<{ id: string }>('select id from pairs order by id limit 1');
  const accounts = await pool.query<{ id: string; user_id: string; token_id: string }>(
    'select id, user_id, token_id from accounts where user_id is not null order by id',
  );
  return {
    pairId: pair.rows[0]!.id,
    accounts: accounts.rows.map((a) => ({ id: a.id, userId: a.user_id, tokenId: a.token_id })),
  };
}

const ORDER_ROWS = `
  with accounts_updated as (
    update accounts set available = accounts.available + a.delta, updated_at = now()
    from unnest($1::text[], $2::numeric[]) as a (id, delta)
    where accounts.id = a.id and accounts.id = any($1::text[])
    returning 1
  ), transactions_written as (
    insert into ledger_transactions (id, kind, reference, created_at)
    select t.*, now() from unnest($3::uuid[], $4::text[], $5::text[]) as t
  ), entries_written as (
    insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
    select * from unnest($6::uuid[], $7::text[], $8::text[], $9::uuid[], $10::numeric[])
  ), orders_created as (
    insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled,
      fee, tds, held, status, post_only, created_at, updated_at)
    select o.id, o.user_id, $11::uuid, o.side, 'limit', o.price, 0.001, 0, 0, 0, 0, o.held, 'open',
      false, now(), now()
    from unnest($12::bigint[], $13::uuid[], $14::text[], $15::numeric[], $16::numeric[])
      as o (id, user_id, side, price, held)
  ), orders_changed as (
    update orders set filled = volume, status = c.status, held = 0, updated_at = now()
    from unnest($17::bigint[], $18::text[]) as c (id, status)
    where orders.id = c.id
    returning 1
  ), trades_written as (
    insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id,
      taker_order_id, maker_fee, taker_fee, created_at)
    select $11::uuid, t.id, 30000, 0.001, 30, 'buy', t.maker, t.taker, 0.03, 0.000001, now()
    from unnest($19::bigint[], $20::bigint[], $21::bigint[]) as t (id, maker, taker)
  ), tds_written as (
    insert into tds_deductions (pair_id, trade_id, side, user_id, order_id, token_id, received,
      amount, rate, price_usdt, usdt_inr_rate, received_inr, tds_inr, created_at)
    select $11::uuid, d.trade_id, d.side, d.user_id, d.order_id, d.token_id, 30, 0.3, 0.01, 1,
      88.5, 2655, 26.55, now()
    from unnest($22::bigint[], $23::text[], $24::uuid[], $25::bigint[], $26::uuid[])
      as d (trade_id, side, user_id, order_id, token_id)
  ), candles_written as (
    insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
    select $11::uuid, date_trunc('minute', now()), 30000, 30000, 30000, 30000, 0.001 * n, 30 * n
    from (select cardinality($19::bigint[]) as n) as c where n > 0
    on conflict (pair_id, bucket) do update set high = greatest(candles.high, excluded.high),
      low = least(candles.low, excluded.low), close = excluded.close,
      volume = candles.volume + excluded.volume, quote_volume = candles.quote_volume + excluded.quote_volume
  )
  select (select count(*) from accounts_updated) + (select count(*) from orders_changed)`;

/** Whole rows for `rate` per call over `n` calls, the fractions carried to the next batch. */
function counter() {
  const carried = new Map<string, number>();
  return (name: string, rate: number, n: number) => {
    const exact = (carried.get(name) ?? 0) + rate * n;
    const whole = Math.floor(exact);
    carried.set(name, exact - whole);
    return whole;
  };
}

/** A writer of order-shaped batches on the market's database; its rows rotate over the market. */
export async function orderShapedWriter(pool: pg.Pool): Promise<(n: number) => Promise<void>> {
  const market = await readMarket(pool);
  const count = counter();
  let nextOrder = 1_000_000_000;
  let nextTrade = 1_000_000_000;
  let nextAccount = 0;
  const open: number[] = [];
  return async (n) => {
    const accounts = Array.from({ length: count('a', ORDER_SHAPE.accountsUpdated, n) }, () => {
      nextAccount = (nextAccount + 1) % market.accounts.length;
      return market.accounts[nextAccount]!;
    });
    const unique = [...new Map(accounts.map((a) => [a.id, a])).values()];
    const txs = Array.from({ length: count('t', ORDER_SHAPE.ledgerTransactions, n) }, randomUUID);
    const entries = Array.from({ length: count('e', ORDER_SHAPE.ledgerEntries, n) }, (_, i) => ({
      tx: txs[i % Math.max(txs.length, 1)] ?? randomUUID(),
      account: accounts[i % Math.max(accounts.length, 1)] ?? market.accounts[0]!,
      amount: i % 2 ? '30' : '-30',
    }));
    const placed = Array.from({ length: count('o', ORDER_SHAPE.ordersPlaced, n) }, (_, i) => ({
      id: nextOrder++,
      account: market.accounts[(nextAccount + i) % market.accounts.length]!,
      side: i % 2 ? 'buy' : 'sell',
    }));
    const changed = open.splice(0, count('c', ORDER_SHAPE.ordersChanged, n));
    open.push(...placed.map((o) => o.id));
    const trades = Array.from({ length: count('x', ORDER_SHAPE.trades, n) }, (_, i) => ({
      id: nextTrade++,
      maker: changed[i] ?? 0,
      taker: placed[i]?.id ?? 0,
    }));
    const tds = trades.flatMap((t, i) =>
      (['buy', 'sell'] as const).map((side) => ({
        trade: t,
        side,
        account: accounts[i] ?? market.accounts[0]!,
      })),
    );
    await pool.query({
      name: 'floor-orders',
      text: ORDER_ROWS,
      values: [
        unique.map((a) => a.id),
        unique.map(() => '0'),
        txs,
        txs.map((_, i) => (i % 3 ? 'hold' : 'trade')),
        txs.map((_, i) => `order:${nextOrder - i}`),
        entries.map((e) => e.tx),
        entries.map((e) => e.account.id),
        entries.map((e, i) => (i % 4 < 2 ? 'available' : 'locked')),
        entries.map((e) => e.account.tokenId),
        entries.map((e) => e.amount),
        market.pairId,
        placed.map((o) => o.id),
        placed.map((o) => o.account.userId),
        placed.map((o) => o.side),
        placed.map((o, i) => String(30000 + (i % 41) - 20)),
        placed.map(() => '30'),
        changed,
        changed.map((_, i) => (i % 2 ? 'filled' : 'cancelled')),
        trades.map((t) => t.id),
        trades.map((t) => t.maker),
        trades.map((t) => t.taker),
        tds.map((d) => d.trade.id),
        tds.map((d) => d.side),
        tds.map((d) => d.account.userId),
        tds.map((d) => (d.side === 'buy' ? d.trade.taker : d.trade.maker)),
        tds.map((d) => d.account.tokenId),
      ],
    });
  };
}
