import { sql, type RawBuilder } from 'kysely';
import { candleRows, orderToRow, tradeToRow } from './trading/trading-rows.js';
import type { UnitOfWork } from './unit-of-work.js';

/** A column of values as one array parameter: `unnest` turns the arrays back into rows. */
const column = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);

/**
 * The batch's balance projection, ledger, orders, trades and candles as ONE statement of
 * data-modifying CTEs over `unnest`ed array parameters: one round trip and one plan however
 * many rows, and atomic on its own (foreign keys are checked when the statement ends).
 */
export function hotPathStatement(work: UnitOfWork): RawBuilder<unknown> {
  const now = work.now;
  const accounts = [...work.accounts];
  const entries = work.ledger.flatMap((t) =>
    t.postings
      .filter((p) => p.amount !== 0n)
      .map((p) => ({ tx: t.id, account: p.account, bucket: p.bucket, amount: p.amount })),
  );
  const orders = [...work.orders.values()].map(orderToRow);
  const trades = work.trades.map(tradeToRow);
  const candles = candleRows(work.trades);
  return sql`
    with accounts_written as (
      insert into accounts (id, user_id, system, token_id, wallet_type, available, locked, updated_at)
      select a.*, ${now}::timestamptz from unnest(
        ${column(accounts, (a) => a.id)}::text[], ${column(accounts, (a) => a.userId)}::uuid[],
        ${column(accounts, (a) => a.system)}::text[], ${column(accounts, (a) => a.tokenId)}::uuid[],
        ${column(accounts, (a) => a.walletType)}::text[], ${column(accounts, (a) => a.available.toString())}::numeric[],
        ${column(accounts, (a) => a.locked.toString())}::numeric[]) as a
      on conflict (id) do update set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at
    ), transactions_written as (
      insert into ledger_transactions (id, kind, reference, created_at)
      select t.*, ${now}::timestamptz from unnest(
        ${column(work.ledger, (t) => t.id)}::uuid[], ${column(work.ledger, (t) => t.kind)}::text[],
        ${column(work.ledger, (t) => t.reference)}::text[]) as t
    ), entries_written as (
      insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
      select * from unnest(
        ${column(entries, (e) => e.tx)}::uuid[], ${column(entries, (e) => e.account.id)}::text[],
        ${column(entries, (e) => e.bucket)}::text[], ${column(entries, (e) => e.account.tokenId)}::uuid[],
        ${column(entries, (e) => e.amount.toString())}::numeric[])
    ), orders_written as (
      insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled, fee, held, status, cancel_reason, created_at, updated_at)
      select * from unnest(
        ${column(orders, (o) => o.id)}::bigint[], ${column(orders, (o) => o.user_id)}::uuid[],
        ${column(orders, (o) => o.pair_id)}::uuid[], ${column(orders, (o) => o.side)}::text[],
        ${column(orders, (o) => o.order_type)}::text[], ${column(orders, (o) => o.price)}::numeric[],
        ${column(orders, (o) => o.volume)}::numeric[], ${column(orders, (o) => o.filled)}::numeric[],
        ${column(orders, (o) => o.quote_filled)}::numeric[], ${column(orders, (o) => o.fee)}::numeric[],
        ${column(orders, (o) => o.held)}::numeric[], ${column(orders, (o) => o.status)}::text[],
        ${column(orders, (o) => o.cancel_reason)}::text[], ${column(orders, (o) => o.created_at)}::timestamptz[],
        ${column(orders, (o) => o.updated_at)}::timestamptz[])
      on conflict (id) do update set filled = excluded.filled, quote_filled = excluded.quote_filled, fee = excluded.fee,
        held = excluded.held, status = excluded.status, cancel_reason = excluded.cancel_reason, updated_at = excluded.updated_at
    ), trades_written as (
      insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id, taker_order_id, maker_fee, taker_fee, created_at)
      select * from unnest(
        ${column(trades, (t) => t.pair_id)}::uuid[], ${column(trades, (t) => t.id)}::bigint[],
        ${column(trades, (t) => t.price)}::numeric[], ${column(trades, (t) => t.quantity)}::numeric[],
        ${column(trades, (t) => t.quote_quantity)}::numeric[], ${column(trades, (t) => t.taker_side)}::text[],
        ${column(trades, (t) => t.maker_order_id)}::bigint[], ${column(trades, (t) => t.taker_order_id)}::bigint[],
        ${column(trades, (t) => t.maker_fee)}::numeric[], ${column(trades, (t) => t.taker_fee)}::numeric[],
        ${column(trades, (t) => t.created_at)}::timestamptz[])
    ), candles_written as (
      insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
      select * from unnest(
        ${column(candles, (c) => c.pair_id)}::uuid[], ${column(candles, (c) => c.bucket)}::timestamptz[],
        ${column(candles, (c) => c.open)}::numeric[], ${column(candles, (c) => c.high)}::numeric[],
        ${column(candles, (c) => c.low)}::numeric[], ${column(candles, (c) => c.close)}::numeric[],
        ${column(candles, (c) => c.volume)}::numeric[], ${column(candles, (c) => c.quote_volume)}::numeric[])
      -- A minute already on disk keeps its open; the rest merges with what the batch adds.
      on conflict (pair_id, bucket) do update set high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low), close = excluded.close,
        volume = candles.volume + excluded.volume, quote_volume = candles.quote_volume + excluded.quote_volume
    )
    select 1`;
}
