import { sql, type RawBuilder } from 'kysely';
import { pgArray, type ArrayElement } from './pg-array.js';
import type { OrderRecord } from './trading/order-record.js';
import { candleRows } from './trading/trading-rows.js';
import type { UnitOfWork } from './unit-of-work.js';

/** A column of values as one array parameter: `unnest` turns the arrays back into rows. */
const column = <T>(rows: readonly T[], pick: (row: T) => ArrayElement) => pgArray(rows.map(pick));

const iso = (d: Date) => d.toISOString();

/**
 * The batch's balance projection, ledger, orders, trades and candles as ONE statement of
 * data-modifying CTEs over `unnest`ed array parameters: one round trip and one plan however
 * many rows, and atomic on its own. Orders the batch created are inserted in their final state;
 * orders of earlier batches are updated, which spares every row the upsert's conflict check.
 */
export function hotPathStatement(work: UnitOfWork): RawBuilder<unknown> {
  const now = iso(work.now);
  const accounts = [...work.accounts];
  const entries = work.ledger.flatMap((t) =>
    t.postings
      .filter((p) => p.amount !== 0n)
      .map((p) => ({ tx: t.id, account: p.account, bucket: p.bucket, amount: p.amount })),
  );
  const created: OrderRecord[] = [];
  const changed: OrderRecord[] = [];
  for (const order of work.orders.values())
    (work.createdOrders.has(order.id) ? created : changed).push(order);
  const trades = work.trades;
  const candles = candleRows(trades);
  return sql`
    with accounts_written as (
      insert into accounts (id, user_id, system, token_id, wallet_type, available, locked, updated_at)
      select a.*, ${now}::timestamptz from unnest(
        ${column(accounts, (a) => a.id)}::text[], ${column(accounts, (a) => a.userId)}::uuid[],
        ${column(accounts, (a) => a.system)}::text[], ${column(accounts, (a) => a.tokenId)}::uuid[],
        ${column(accounts, (a) => a.walletType)}::text[], ${column(accounts, (a) => a.available)}::numeric[],
        ${column(accounts, (a) => a.locked)}::numeric[]) as a
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
        ${column(entries, (e) => e.amount)}::numeric[])
    ), orders_created as (
      insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled, fee, held, status, cancel_reason, created_at, updated_at)
      select * from unnest(
        ${column(created, (o) => o.id)}::bigint[], ${column(created, (o) => o.userId)}::uuid[],
        ${column(created, (o) => o.pair.id)}::uuid[], ${column(created, (o) => o.side)}::text[],
        ${column(created, (o) => o.type)}::text[], ${column(created, (o) => o.price)}::numeric[],
        ${column(created, (o) => o.volume)}::numeric[], ${column(created, (o) => o.filled)}::numeric[],
        ${column(created, (o) => o.quoteFilled)}::numeric[], ${column(created, (o) => o.fee)}::numeric[],
        ${column(created, (o) => o.held)}::numeric[], ${column(created, (o) => o.status)}::text[],
        ${column(created, (o) => o.cancelReason)}::text[], ${column(created, (o) => iso(o.createdAt))}::timestamptz[],
        ${column(created, (o) => iso(o.updatedAt))}::timestamptz[])
    ), orders_changed as (
      update orders set filled = c.filled, quote_filled = c.quote_filled, fee = c.fee, held = c.held,
        status = c.status, cancel_reason = c.cancel_reason, updated_at = c.updated_at
      from unnest(
        ${column(changed, (o) => o.id)}::bigint[], ${column(changed, (o) => o.filled)}::numeric[],
        ${column(changed, (o) => o.quoteFilled)}::numeric[], ${column(changed, (o) => o.fee)}::numeric[],
        ${column(changed, (o) => o.held)}::numeric[], ${column(changed, (o) => o.status)}::text[],
        ${column(changed, (o) => o.cancelReason)}::text[], ${column(changed, (o) => iso(o.updatedAt))}::timestamptz[])
        as c (id, filled, quote_filled, fee, held, status, cancel_reason, updated_at)
      where orders.id = c.id
    ), trades_written as (
      insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id, taker_order_id, maker_fee, taker_fee, created_at)
      select * from unnest(
        ${column(trades, (t) => t.pair.id)}::uuid[], ${column(trades, (t) => t.tradeId)}::bigint[],
        ${column(trades, (t) => t.price)}::numeric[], ${column(trades, (t) => t.quantity)}::numeric[],
        ${column(trades, (t) => t.quoteQuantity)}::numeric[], ${column(trades, (t) => t.takerSide)}::text[],
        ${column(trades, (t) => t.makerOrderId)}::bigint[], ${column(trades, (t) => t.takerOrderId)}::bigint[],
        ${column(trades, (t) => t.makerFee)}::numeric[], ${column(trades, (t) => t.takerFee)}::numeric[],
        ${column(trades, (t) => iso(t.time))}::timestamptz[])
    ), candles_written as (
      insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
      select * from unnest(
        ${column(candles, (c) => c.pair_id)}::uuid[], ${column(candles, (c) => iso(c.bucket))}::timestamptz[],
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
