import { sql, type RawBuilder } from 'kysely';
import { isoText } from '../lib/iso-text.js';
import { pgColumn as column } from './pg-array.js';
import type { Account } from './ledger/balances.js';
import type { Posting } from './ledger/ledger.js';
import type { OrderRecord } from './trading/order-record.js';
import { candleRows } from './trading/trading-rows.js';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * The batch's balance projection, ledger, orders, trades, TDS deductions and candles as ONE statement of
 * data-modifying CTEs over `unnest`ed array parameters: one round trip and one plan however
 * many rows, and atomic on its own. Orders and accounts the batch created are inserted in their
 * final state; those of earlier batches are updated, which spares every row an upsert's conflict
 * check (accounts were a third of the statement's time as upserts).
 */
export function hotPathStatement(work: UnitOfWork): RawBuilder<unknown> {
  const now = isoText(work.now);
  const created: Account[] = [];
  const updated: Account[] = [];
  for (const account of work.accounts) (account.stored ? updated : created).push(account);
  const updatedIds = column(updated, (a) => a.id);
  const entries: { tx: string; posting: Posting }[] = [];
  for (const t of work.ledger)
    for (const posting of t.postings)
      if (posting.amount !== 0n) entries.push({ tx: t.id, posting });
  const placed: OrderRecord[] = [];
  const changed: OrderRecord[] = [];
  for (const order of work.orders.values())
    (work.createdOrders.has(order.id) ? placed : changed).push(order);
  const trades = work.trades;
  const tds = work.deductions;
  const candles = candleRows(trades);
  return sql`
    with accounts_created as (
      insert into accounts (id, user_id, system, token_id, wallet_type, available, locked, updated_at)
      select a.*, ${now}::timestamptz from unnest(
        ${column(created, (a) => a.id)}::text[], ${column(created, (a) => a.userId)}::uuid[],
        ${column(created, (a) => a.system)}::text[], ${column(created, (a) => a.tokenId)}::uuid[],
        ${column(created, (a) => a.walletType)}::text[], ${column(created, (a) => a.available)}::numeric[],
        ${column(created, (a) => a.locked)}::numeric[]) as a
      on conflict (id) do update set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at
    ), accounts_updated as (
      update accounts set available = a.available, locked = a.locked, updated_at = ${now}::timestamptz
      from unnest(
        ${updatedIds}::text[], ${column(updated, (a) => a.available)}::numeric[],
        ${column(updated, (a) => a.locked)}::numeric[]) as a (id, available, locked)
      -- The key list as well as the join: the plan reads the accounts it updates by their key
      -- however few or many accounts there are, never the whole table.
      where accounts.id = a.id and accounts.id = any(${updatedIds}::text[])
      returning 1
    ), transactions_written as (
      insert into ledger_transactions (id, kind, reference, created_at)
      select t.*, ${now}::timestamptz from unnest(
        ${column(work.ledger, (t) => t.id)}::uuid[], ${column(work.ledger, (t) => t.kind)}::text[],
        ${column(work.ledger, (t) => t.reference)}::text[]) as t
    ), entries_written as (
      insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
      select * from unnest(
        ${column(entries, (e) => e.tx)}::uuid[], ${column(entries, (e) => e.posting.account.id)}::text[],
        ${column(entries, (e) => e.posting.bucket)}::text[], ${column(entries, (e) => e.posting.account.tokenId)}::uuid[],
        ${column(entries, (e) => e.posting.amount)}::numeric[])
    ), orders_created as (
      insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled, fee, tds, held, status, cancel_reason, client_order_id, stop_price, triggered_at, oco_id, post_only, created_at, updated_at)
      select * from unnest(
        ${column(placed, (o) => o.id)}::bigint[], ${column(placed, (o) => o.userId)}::uuid[],
        ${column(placed, (o) => o.pair.id)}::uuid[], ${column(placed, (o) => o.side)}::text[],
        ${column(placed, (o) => o.type)}::text[], ${column(placed, (o) => o.price)}::numeric[],
        ${column(placed, (o) => o.volume)}::numeric[], ${column(placed, (o) => o.filled)}::numeric[],
        ${column(placed, (o) => o.quoteFilled)}::numeric[], ${column(placed, (o) => o.fee)}::numeric[],
        ${column(placed, (o) => o.tds)}::numeric[], ${column(placed, (o) => o.held)}::numeric[],
        ${column(placed, (o) => o.status)}::text[], ${column(placed, (o) => o.cancelReason)}::text[],
        ${column(placed, (o) => o.clientOrderId)}::text[], ${column(placed, (o) => o.stopPrice)}::numeric[],
        ${column(placed, (o) => o.triggeredAt && isoText(o.triggeredAt))}::timestamptz[], ${column(placed, (o) => o.ocoId)}::bigint[],
        ${column(placed, (o) => (o.postOnly ? 'true' : 'false'))}::boolean[],
        ${column(placed, (o) => isoText(o.createdAt))}::timestamptz[],
        ${column(placed, (o) => isoText(o.updatedAt))}::timestamptz[])
    ), orders_changed as (
      update orders set filled = c.filled, quote_filled = c.quote_filled, fee = c.fee, tds = c.tds, held = c.held,
        status = c.status, cancel_reason = c.cancel_reason, triggered_at = c.triggered_at, updated_at = c.updated_at
      from unnest(
        ${column(changed, (o) => o.id)}::bigint[], ${column(changed, (o) => o.filled)}::numeric[],
        ${column(changed, (o) => o.quoteFilled)}::numeric[], ${column(changed, (o) => o.fee)}::numeric[],
        ${column(changed, (o) => o.tds)}::numeric[], ${column(changed, (o) => o.held)}::numeric[],
        ${column(changed, (o) => o.status)}::text[], ${column(changed, (o) => o.cancelReason)}::text[],
        ${column(changed, (o) => o.triggeredAt && isoText(o.triggeredAt))}::timestamptz[],
        ${column(changed, (o) => isoText(o.updatedAt))}::timestamptz[])
        as c (id, filled, quote_filled, fee, tds, held, status, cancel_reason, triggered_at, updated_at)
      where orders.id = c.id
      returning 1
    ), trades_written as (
      insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id, taker_order_id, maker_fee, taker_fee, created_at)
      select * from unnest(
        ${column(trades, (t) => t.pair.id)}::uuid[], ${column(trades, (t) => t.tradeId)}::bigint[],
        ${column(trades, (t) => t.price)}::numeric[], ${column(trades, (t) => t.quantity)}::numeric[],
        ${column(trades, (t) => t.quoteQuantity)}::numeric[], ${column(trades, (t) => t.takerSide)}::text[],
        ${column(trades, (t) => t.makerOrderId)}::bigint[], ${column(trades, (t) => t.takerOrderId)}::bigint[],
        ${column(trades, (t) => t.makerFee)}::numeric[], ${column(trades, (t) => t.takerFee)}::numeric[],
        ${column(trades, (t) => isoText(t.time))}::timestamptz[])
    ), tds_written as (
      insert into tds_deductions (pair_id, trade_id, side, user_id, order_id, token_id, received, amount, rate, price_usdt, usdt_inr_rate, received_inr, tds_inr, gst, created_at)
      select * from unnest(
        ${column(tds, (d) => d.pair.id)}::uuid[], ${column(tds, (d) => d.tradeId)}::bigint[],
        ${column(tds, (d) => d.side)}::text[], ${column(tds, (d) => d.userId)}::uuid[],
        ${column(tds, (d) => d.orderId)}::bigint[], ${column(tds, (d) => d.token.id)}::uuid[],
        ${column(tds, (d) => d.received)}::numeric[], ${column(tds, (d) => d.amount)}::numeric[],
        ${column(tds, (d) => d.rate)}::numeric[], ${column(tds, (d) => d.priceUsdt)}::numeric[],
        ${column(tds, (d) => d.usdtInr)}::numeric[], ${column(tds, (d) => d.receivedInr)}::numeric[],
        ${column(tds, (d) => d.tdsInr)}::numeric[], ${column(tds, (d) => d.gst)}::numeric[],
        ${column(tds, (d) => isoText(d.time))}::timestamptz[])
    ), candles_written as (
      insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
      select * from unnest(
        ${column(candles, (c) => c.pair_id)}::uuid[], ${column(candles, (c) => isoText(c.bucket))}::timestamptz[],
        ${column(candles, (c) => c.open)}::numeric[], ${column(candles, (c) => c.high)}::numeric[],
        ${column(candles, (c) => c.low)}::numeric[], ${column(candles, (c) => c.close)}::numeric[],
        ${column(candles, (c) => c.volume)}::numeric[], ${column(candles, (c) => c.quote_volume)}::numeric[])
      -- A minute already on disk keeps its open; the rest merges with what the batch adds.
      on conflict (pair_id, bucket) do update set high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low), close = excluded.close,
        volume = candles.volume + excluded.volume, quote_volume = candles.quote_volume + excluded.quote_volume
    )
    -- Every row the batch updates must exist: a missing one fails the statement, and with it the
    -- batch, rather than leaving the database behind memory (the message names the shortfall).
    select case
      when (select count(*) from accounts_updated) = ${updated.length}::int
        and (select count(*) from orders_changed) = ${changed.length}::int then 1
      else ('batch updated ' || (select count(*) from accounts_updated) || ' of ' || ${updated.length}::int
        || ' accounts and ' || (select count(*) from orders_changed) || ' of ' || ${changed.length}::int || ' orders')::int
    end`;
}
