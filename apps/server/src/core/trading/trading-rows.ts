import type { Insertable, Selectable } from 'kysely';
import type { CandlesTable, OrdersTable } from '../../db/schema-trading.js';
import type { OrderRecord, TradeRecord } from './order-record.js';
import type { Pair } from './pairs.js';

export function orderFromRow(row: Selectable<OrdersTable>, pair: Pair): OrderRecord {
  const volume = BigInt(row.volume);
  const filled = BigInt(row.filled);
  const price = row.price === null ? null : BigInt(row.price);
  const stopPrice = row.stop_price === null ? null : BigInt(row.stop_price);
  return {
    id: Number(row.id),
    userId: row.user_id,
    pair,
    side: row.side,
    type: row.order_type,
    price,
    priceTicks: price === null ? null : Number(price / pair.tickUnits),
    volume,
    lots: Number(volume / pair.lotUnits),
    filled,
    filledLots: Number(filled / pair.lotUnits),
    quoteFilled: BigInt(row.quote_filled),
    fee: BigInt(row.fee),
    tds: BigInt(row.tds),
    held: BigInt(row.held),
    status: row.status,
    cancelReason: row.cancel_reason,
    clientOrderId: row.client_order_id,
    stopPrice,
    stopTicks: stopPrice === null ? null : Number(stopPrice / pair.tickUnits),
    triggeredAt: row.triggered_at,
    ocoId: row.oco_id === null ? null : Number(row.oco_id),
    postOnly: row.post_only,
    quoteBudget: row.quote_budget === null ? null : BigInt(row.quote_budget),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const MINUTE = 60_000;

/** The batch's trades folded into one-minute candles, in trade order, one row per pair and minute. */
export function candleRows(trades: readonly TradeRecord[]): Insertable<CandlesTable>[] {
  const rows = new Map<
    string,
    {
      pairId: string;
      bucket: Date;
      open: bigint;
      high: bigint;
      low: bigint;
      close: bigint;
      volume: bigint;
      quote: bigint;
    }
  >();
  for (const t of trades) {
    const bucket = new Date(Math.floor(t.time.getTime() / MINUTE) * MINUTE);
    const key = `${t.pair.id} ${bucket.getTime()}`;
    const c = rows.get(key);
    if (!c) {
      rows.set(key, {
        pairId: t.pair.id,
        bucket,
        open: t.price,
        high: t.price,
        low: t.price,
        close: t.price,
        volume: t.quantity,
        quote: t.quoteQuantity,
      });
      continue;
    }
    if (t.price > c.high) c.high = t.price;
    if (t.price < c.low) c.low = t.price;
    c.close = t.price;
    c.volume += t.quantity;
    c.quote += t.quoteQuantity;
  }
  return [...rows.values()].map((c) => ({
    pair_id: c.pairId,
    bucket: c.bucket,
    open: c.open.toString(),
    high: c.high.toString(),
    low: c.low.toString(),
    close: c.close.toString(),
    volume: c.volume.toString(),
    quote_volume: c.quote.toString(),
  }));
}
