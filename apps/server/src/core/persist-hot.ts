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
 * many rows, and atomic on its own. The arrays are unnested in the select list (`select
 * unnest($1), unnest($2), …`, which steps through them together a row at a time), not in the
 * from list (`from unnest($1, $2, …)`, which copies each array into a store of its own first):
 * the unnesting alone costs a third as much a row, the statement a few µs per call less at most
 * (docs/performance.md, issue 53). Orders and accounts the batch created are inserted in their
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
      select unnest(${column(created, (a) => a.id)}::text[]), unnest(${column(created, (a) => a.userId)}::uuid[]),
        unnest(${column(created, (a) => a.system)}::text[]), unnest(${column(created, (a) => a.tokenId)}::uuid[]),
        unnest(${column(created, (a) => a.walletType)}::text[]), unnest(${column(created, (a) => a.available)}::numeric[]),
        unnest(${column(created, (a) => a.locked)}::numeric[]), ${now}::timestamptz
      on conflict (id) do update set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at
    ), accounts_updated as (
      update accounts set available = a.available, locked = a.locked, updated_at = ${now}::timestamptz
      from (select unnest(${updatedIds}::text[]) as id,
        unnest(${column(updated, (a) => a.available)}::numeric[]) as available,
        unnest(${column(updated, (a) => a.locked)}::numeric[]) as locked) as a
      -- The key list as well as the join: the plan reads the accounts it updates by their key
      -- however few or many accounts there are, never the whole table.
      where accounts.id = a.id and accounts.id = any(${updatedIds}::text[])
      returning 1
    ), transactions_written as (
      insert into ledger_transactions (id, kind, reference, created_at)
      select unnest(${column(work.ledger, (t) => t.id)}::uuid[]), unnest(${column(work.ledger, (t) => t.kind)}::text[]),
        unnest(${column(work.ledger, (t) => t.reference)}::text[]), ${now}::timestamptz
    ), entries_written as (
      insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
      select unnest(${column(entries, (e) => e.tx)}::uuid[]), unnest(${column(entries, (e) => e.posting.account.id)}::text[]),
        unnest(${column(entries, (e) => e.posting.bucket)}::text[]), unnest(${column(entries, (e) => e.posting.account.tokenId)}::uuid[]),
        unnest(${column(entries, (e) => e.posting.amount)}::numeric[])
    ), orders_created as (
      insert into orders (id, user_id, pair_id, side, order_type, price, volume, filled, quote_filled, fee, tds, held, status, cancel_reason, client_order_id, stop_price, triggered_at, oco_id, post_only, quote_budget, created_at, updated_at)
      select unnest(${column(placed, (o) => o.id)}::bigint[]), unnest(${column(placed, (o) => o.userId)}::uuid[]),
        unnest(${column(placed, (o) => o.pair.id)}::uuid[]), unnest(${column(placed, (o) => o.side)}::text[]),
        unnest(${column(placed, (o) => o.type)}::text[]), unnest(${column(placed, (o) => o.price)}::numeric[]),
        unnest(${column(placed, (o) => o.volume)}::numeric[]), unnest(${column(placed, (o) => o.filled)}::numeric[]),
        unnest(${column(placed, (o) => o.quoteFilled)}::numeric[]), unnest(${column(placed, (o) => o.fee)}::numeric[]),
        unnest(${column(placed, (o) => o.tds)}::numeric[]), unnest(${column(placed, (o) => o.held)}::numeric[]),
        unnest(${column(placed, (o) => o.status)}::text[]), unnest(${column(placed, (o) => o.cancelReason)}::text[]),
        unnest(${column(placed, (o) => o.clientOrderId)}::text[]), unnest(${column(placed, (o) => o.stopPrice)}::numeric[]),
        unnest(${column(placed, (o) => o.triggeredAt && isoText(o.triggeredAt))}::timestamptz[]), unnest(${column(placed, (o) => o.ocoId)}::bigint[]),
        unnest(${column(placed, (o) => (o.postOnly ? 'true' : 'false'))}::boolean[]), unnest(${column(placed, (o) => o.quoteBudget)}::numeric[]),
        unnest(${column(placed, (o) => isoText(o.createdAt))}::timestamptz[]), unnest(${column(placed, (o) => isoText(o.updatedAt))}::timestamptz[])
    ), orders_changed as (
      update orders set filled = c.filled, quote_filled = c.quote_filled, fee = c.fee, tds = c.tds, held = c.held,
        status = c.status, cancel_reason = c.cancel_reason, triggered_at = c.triggered_at, updated_at = c.updated_at
      from (select unnest(${column(changed, (o) => o.id)}::bigint[]) as id,
        unnest(${column(changed, (o) => o.filled)}::numeric[]) as filled,
        unnest(${column(changed, (o) => o.quoteFilled)}::numeric[]) as quote_filled,
        unnest(${column(changed, (o) => o.fee)}::numeric[]) as fee,
        unnest(${column(changed, (o) => o.tds)}::numeric[]) as tds,
        unnest(${column(changed, (o) => o.held)}::numeric[]) as held,
        unnest(${column(changed, (o) => o.status)}::text[]) as status,
        unnest(${column(changed, (o) => o.cancelReason)}::text[]) as cancel_reason,
        unnest(${column(changed, (o) => o.triggeredAt && isoText(o.triggeredAt))}::timestamptz[]) as triggered_at,
        unnest(${column(changed, (o) => isoText(o.updatedAt))}::timestamptz[]) as updated_at) as c
      where orders.id = c.id
      returning 1
    ), trades_written as (
      insert into trades (pair_id, id, price, quantity, quote_quantity, taker_side, maker_order_id, taker_order_id, maker_fee, taker_fee, created_at)
      select unnest(${column(trades, (t) => t.pair.id)}::uuid[]), unnest(${column(trades, (t) => t.tradeId)}::bigint[]),
        unnest(${column(trades, (t) => t.price)}::numeric[]), unnest(${column(trades, (t) => t.quantity)}::numeric[]),
        unnest(${column(trades, (t) => t.quoteQuantity)}::numeric[]), unnest(${column(trades, (t) => t.takerSide)}::text[]),
        unnest(${column(trades, (t) => t.makerOrderId)}::bigint[]), unnest(${column(trades, (t) => t.takerOrderId)}::bigint[]),
        unnest(${column(trades, (t) => t.makerFee)}::numeric[]), unnest(${column(trades, (t) => t.takerFee)}::numeric[]),
        unnest(${column(trades, (t) => isoText(t.time))}::timestamptz[])
    ), tds_written as (
      insert into tds_deductions (pair_id, trade_id, side, user_id, order_id, token_id, received, amount, rate, price_usdt, usdt_inr_rate, received_inr, tds_inr, gst, created_at)
      select unnest(${column(tds, (d) => d.pair.id)}::uuid[]), unnest(${column(tds, (d) => d.tradeId)}::bigint[]),
        unnest(${column(tds, (d) => d.side)}::text[]), unnest(${column(tds, (d) => d.userId)}::uuid[]),
        unnest(${column(tds, (d) => d.orderId)}::bigint[]), unnest(${column(tds, (d) => d.token.id)}::uuid[]),
        unnest(${column(tds, (d) => d.received)}::numeric[]), unnest(${column(tds, (d) => d.amount)}::numeric[]),
        unnest(${column(tds, (d) => d.rate)}::numeric[]), unnest(${column(tds, (d) => d.priceUsdt)}::numeric[]),
        unnest(${column(tds, (d) => d.usdtInr)}::numeric[]), unnest(${column(tds, (d) => d.receivedInr)}::numeric[]),
        unnest(${column(tds, (d) => d.tdsInr)}::numeric[]), unnest(${column(tds, (d) => d.gst)}::numeric[]),
        unnest(${column(tds, (d) => isoText(d.time))}::timestamptz[])
    ), candles_written as (
      insert into candles (pair_id, bucket, open, high, low, close, volume, quote_volume)
      select unnest(${column(candles, (c) => c.pair_id)}::uuid[]), unnest(${column(candles, (c) => isoText(c.bucket))}::timestamptz[]),
        unnest(${column(candles, (c) => c.open)}::numeric[]), unnest(${column(candles, (c) => c.high)}::numeric[]),
        unnest(${column(candles, (c) => c.low)}::numeric[]), unnest(${column(candles, (c) => c.close)}::numeric[]),
        unnest(${column(candles, (c) => c.volume)}::numeric[]), unnest(${column(candles, (c) => c.quote_volume)}::numeric[])
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
