/**
 * The order-shaped floor's writes (floor-server.ts `orders`): for a batch of `n` calls, the rows
 * an order call writes today, on average, to the same tables (the app's own, migrated, with their
 * indexes and constraints) in one statement of data-modifying CTEs over `unnest`ed arrays, as the
 * hot path writes them (core/persist-hot.ts). No matching, no ledger logic: plausible values only.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pgColumn, type ArrayElement } from '../src/core/pg-array.js';

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

/** How the statement unnests its arrays: `select` list (the hot path's) or `from` list (before). */
export type Unnest = 'select' | 'from';

/** The rows of `types.length` array parameters from `$first` on, unnested as `unnest` says. */
const arrays = (unnest: Unnest, first: number, types: string[], names?: string[]) => {
  const params = types.map((t, i) => `$${first + i}::${t}[]`);
  if (unnest === 'from')
    return `(select * from unnest(${params.join(', ')}) as u ${names ? `(${names.join(', ')})` : ''})`;
  return `(select ${params.map((p, i) => `unnest(${p})${names ? ` as ${names[i]}` : ''}`).join(', ')})`;
};

/** Every column a parameter, as the hot path sends them (core/persist-hot.ts). */
const orderRows = (unnest: Unnest) => `
  with accounts_updated as (
    update accounts set available = a.available, locked = a.locked, updated_at = now()
    from ${arrays(unnest, 1, ['text', 'numeric', 'numeric'], ['id', 'available', 'locked'])} as a
    where accounts.id = a.id and accounts.id = any($1::text[])
    returning 1
  ), transactions_written as (
    insert into ledger_transactions (id, kind, reference, created_at)
    select t.*, now() from ${arrays(unnest, 4, ['uuid', 'text', 'text'])} as t
  ), entries_written as (
    insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
    select * from ${arrays(unnest, 7, ['uuid', 'text', 'text', 'uuid', 'numeric'])} as r
  ), orders_created as (
    insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled,
      fee, tds, held, status, cancel_reason, client_order_id, stop_price, triggered_at, oco_id,
      post_only, created_at, updated_at)
    select * from ${arrays(unnest, 12, ['bigint', 'uuid', 'uuid', 'text', 'text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'text', 'text', 'text', 'numeric', 'timestamptz', 'bigint', 'boolean', 'timestamptz', 'timestamptz'])} as r
  ), orders_changed as (
    update orders set filled = c.filled, quote_filled = c.quote_filled, fee = c.fee, tds = c.tds,
      held = c.held, status = c.status, cancel_reason = c.cancel_reason,
      triggered_at = c.triggered_at, updated_at = c.updated_at
    from ${arrays(unnest, 33, ['bigint', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'text', 'text', 'timestamptz', 'timestamptz'], ['id', 'filled', 'quote_filled', 'fee', 'tds', 'held', 'status', 'cancel_reason', 'triggered_at', 'updated_at'])} as c
    where orders.id = c.id
    returning 1
  ), trades_written as (
    insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id,
      taker_order_id, maker_fee, taker_fee, created_at)
    select * from ${arrays(unnest, 43, ['uuid', 'bigint', 'numeric', 'numeric', 'numeric', 'text', 'bigint', 'bigint', 'numeric', 'numeric', 'timestamptz'])} as r
  ), tds_written as (
    insert into tds_deductions (pair_id, trade_id, side, user_id, order_id, token_id, received,
      amount, rate, price_usdt, usdt_inr_rate, received_inr, tds_inr, created_at)
    select * from ${arrays(unnest, 54, ['uuid', 'bigint', 'text', 'uuid', 'bigint', 'uuid', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'timestamptz'])} as r
  ), candles_written as (
    insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
    select * from ${arrays(unnest, 68, ['uuid', 'timestamptz', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric'])} as r
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

/**
 * A writer of order-shaped batches on the market's database; its rows rotate over the market.
 * `shape` changes the rows per call (e.g. `{ accountsUpdated: 0 }`) and `dropIndexes` drops
 * indexes first: what a cut would save, measured before it is made (floor-writes.ts).
 */
export async function orderShapedWriter(
  pool: pg.Pool,
  options: { shape?: Partial<typeof ORDER_SHAPE>; unnest?: Unnest; dropIndexes?: string[] } = {},
): Promise<(n: number) => Promise<void>> {
  const shape = { ...ORDER_SHAPE, ...options.shape };
  const text = orderRows(options.unnest ?? 'select');
  const statement = `floor-orders-${options.unnest ?? 'select'}`;
  for (const index of options.dropIndexes ?? [])
    await pool.query(`drop index if exists ${pg.escapeIdentifier(index)}`);
  const market = await readMarket(pool);
  const count = counter();
  // Above any id a run before wrote on the same database.
  let nextOrder = Date.now() * 1000;
  let nextTrade = Date.now() * 1000;
  let nextAccount = 0;
  const open: number[] = [];
  return async (n) => {
    const accounts = Array.from({ length: count('a', shape.accountsUpdated, n) }, () => {
      nextAccount = (nextAccount + 1) % market.accounts.length;
      return market.accounts[nextAccount]!;
    });
    const unique = [...new Map(accounts.map((a) => [a.id, a])).values()];
    const txs = Array.from({ length: count('t', shape.ledgerTransactions, n) }, randomUUID);
    const entries = Array.from({ length: count('e', shape.ledgerEntries, n) }, (_, i) => ({
      tx: txs[i % Math.max(txs.length, 1)] ?? randomUUID(),
      account: accounts[i % Math.max(accounts.length, 1)] ?? market.accounts[0]!,
      amount: i % 2 ? '30' : '-30',
    }));
    const placed = Array.from({ length: count('o', shape.ordersPlaced, n) }, (_, i) => ({
      id: nextOrder++,
      account: market.accounts[(nextAccount + i) % market.accounts.length]!,
      side: i % 2 ? 'buy' : 'sell',
    }));
    const changed = open.splice(0, count('c', shape.ordersChanged, n));
    open.push(...placed.map((o) => o.id));
    const trades = Array.from({ length: count('x', shape.trades, n) }, (_, i) => ({
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
    const now = new Date().toISOString();
    const minute = `${now.slice(0, 16)}:00.000Z`;
    const columns = <T>(rows: T[], ...picks: ((row: T, i: number) => ArrayElement)[]) =>
      picks.map((pick) =>
        pgColumn(
          rows.map((r, i) => [r, i] as const),
          ([r, i]) => pick(r, i),
        ),
      );
    await pool.query({
      name: statement,
      text,
      values: [
        ...columns(
          unique,
          (a) => a.id,
          () => '1000.5',
          () => '30.03',
        ),
        ...columns(
          txs,
          (t) => t,
          (_, i) => (i % 3 ? 'hold' : 'trade'),
          (_, i) => `order:${nextOrder - i}`,
        ),
        ...columns(
          entries,
          (e) => e.tx,
          (e) => e.account.id,
          (_, i) => (i % 4 < 2 ? 'available' : 'locked'),
          (e) => e.account.tokenId,
          (e) => e.amount,
        ),
        ...columns(
          placed,
          (o) => o.id,
          (o) => o.account.userId,
          () => market.pairId,
          (o) => o.side,
          () => 'limit',
          (_, i) => String(30000 + (i % 41) - 20),
          () => '0.001',
          () => '0',
          () => '0',
          () => '0',
          () => '0',
          () => '30.03',
          () => 'open',
          () => null,
          () => null,
          () => null,
          () => null,
          () => null,
          () => 'false',
          () => now,
          () => now,
        ),
        ...columns(
          changed,
          (id) => id,
          () => '0.001',
          () => '30',
          () => '0.00003',
          () => '0',
          () => '0',
          (_, i) => (i % 2 ? 'filled' : 'cancelled'),
          (_, i) => (i % 2 ? null : 'user'),
          () => null,
          () => now,
        ),
        ...columns(
          trades,
          () => market.pairId,
          (t) => t.id,
          () => '30000',
          () => '0.001',
          () => '30',
          () => 'buy',
          (t) => t.maker,
          (t) => t.taker,
          () => '0.03',
          () => '0.000001',
          () => now,
        ),
        ...columns(
          tds,
          () => market.pairId,
          (d) => d.trade.id,
          (d) => d.side,
          (d) => d.account.userId,
          (d) => (d.side === 'buy' ? d.trade.taker : d.trade.maker),
          (d) => d.account.tokenId,
          () => '30',
          () => '0.3',
          () => '0.01',
          () => '1',
          () => '88.5',
          () => '2655',
          () => '26.55',
          () => now,
        ),
        ...columns(
          trades.length > 0 ? [minute] : [],
          () => market.pairId,
          (m) => m,
          () => '30000',
          () => '30010',
          () => '29990',
          () => '30000',
          () => '0.001',
          () => '30',
        ),
      ],
    });
  };
}
