import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { NO_TRADES, type MinuteCandle, type TradeFigures } from './rolling-window.js';

export interface StoredTrade {
  id: string;
  price: bigint;
  quantity: bigint;
  takerSide: 'buy' | 'sell';
  time: Date;
}

/** Every pair's one-minute candles that start at or after `since`, with their trades' figures. */
export async function candlesSince(db: Db, since: Date): Promise<Map<string, MinuteCandle[]>> {
  const rows = await db.selectFrom('candles').selectAll().where('bucket', '>=', since).execute();
  const byPair = new Map<string, MinuteCandle[]>();
  const figures = new Map<string, Map<number, TradeFigures>>();
  for (const pairId of new Set(rows.map((r) => r.pair_id)))
    figures.set(pairId, await tradeFiguresByBucket(db, pairId, 60, since));
  for (const r of rows) {
    const list = byPair.get(r.pair_id) ?? [];
    const start = r.bucket.getTime();
    list.push({
      start,
      open: BigInt(r.open),
      high: BigInt(r.high),
      low: BigInt(r.low),
      close: BigInt(r.close),
      volume: BigInt(r.volume),
      quoteVolume: BigInt(r.quote_volume),
      ...(figures.get(r.pair_id)?.get(start) ?? NO_TRADES),
    });
    byPair.set(r.pair_id, list);
  }
  return byPair;
}

/**
 * A pair's trades from `from` (to `to`, inclusive) in `seconds`-long buckets keyed by their start
 * (epoch ms): first and last ids and taker buys. One pass over the range's trades by the
 * (pair, time) index; what klines, rolling tickers and the market data's loaded minutes report.
 */
export async function tradeFiguresByBucket(
  db: Db,
  pairId: string,
  seconds: number,
  from: Date,
  to?: Date,
): Promise<Map<number, TradeFigures>> {
  let query = db
    .selectFrom('trades')
    .select([
      sql<string>`(floor(extract(epoch from created_at) / ${seconds}) * ${seconds})::bigint`.as(
        'time',
      ),
      sql<string>`min(id)`.as('first_id'),
      sql<string>`max(id)`.as('last_id'),
      sql<string | null>`sum(quantity) filter (where taker_side = 'buy')`.as('buy_volume'),
      sql<string | null>`sum(quote_quantity) filter (where taker_side = 'buy')`.as('buy_quote'),
    ])
    .where('pair_id', '=', pairId)
    .where('created_at', '>=', from);
  if (to) query = query.where('created_at', '<=', to);
  const rows = await query.groupBy(sql`1`).execute();
  return new Map(
    rows.map((r) => [
      Number(r.time) * 1000,
      {
        firstId: Number(r.first_id),
        lastId: Number(r.last_id),
        takerBuyVolume: BigInt(r.buy_volume ?? 0),
        takerBuyQuote: BigInt(r.buy_quote ?? 0),
      },
    ]),
  );
}

/**
 * A pair's first trade id at or after `from` and its last trade id (-1 each when none): two
 * index seeks, whatever the trades between (a pair's ids have no gaps, so they give the count).
 */
export async function tradeIdsSince(db: Db, pairId: string, from: Date) {
  const row = await db
    .selectNoFrom([
      sql<string | null>`(select id from trades where pair_id = ${pairId} and created_at >= ${from}
        order by created_at, id limit 1)`.as('first_id'),
      sql<string | null>`(select max(id) from trades where pair_id = ${pairId})`.as('last_id'),
    ])
    .executeTakeFirstOrThrow();
  if (row.first_id === null) return { firstId: -1, lastId: -1 };
  return { firstId: Number(row.first_id), lastId: Number(row.last_id) };
}

/** A pair's latest trades, newest first. */
export async function latestTrades(db: Db, pairId: string, limit: number): Promise<StoredTrade[]> {
  const rows = await db
    .selectFrom('trades')
    .select(['id', 'price', 'quantity', 'taker_side', 'created_at'])
    .where('pair_id', '=', pairId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    price: BigInt(r.price),
    quantity: BigInt(r.quantity),
    takerSide: r.taker_side,
    time: r.created_at,
  }));
}

/** A pair's trade as public lists show it. */
export interface PairTrade extends StoredTrade {
  quoteQuantity: bigint;
}

/** A pair's trades, oldest first: from an id or a time on, or else the latest `limit`. */
export async function tradesOfPair(
  db: Db,
  pairId: string,
  q: { fromId?: number; startTime?: Date; endTime?: Date; limit: number },
): Promise<PairTrade[]> {
  let query = db
    .selectFrom('trades')
    .select(['id', 'price', 'quantity', 'quote_quantity', 'taker_side', 'created_at'])
    .where('pair_id', '=', pairId);
  if (q.fromId !== undefined) query = query.where('id', '>=', String(q.fromId));
  if (q.startTime) query = query.where('created_at', '>=', q.startTime);
  if (q.endTime) query = query.where('created_at', '<=', q.endTime);
  const fromStart = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await query
    .orderBy('id', fromStart ? 'asc' : 'desc')
    .limit(q.limit)
    .execute();
  if (!fromStart) rows.reverse();
  return rows.map((r) => ({
    id: r.id,
    price: BigInt(r.price),
    quantity: BigInt(r.quantity),
    quoteQuantity: BigInt(r.quote_quantity),
    takerSide: r.taker_side,
    time: r.created_at,
  }));
}

export interface ChartCandle {
  /** Epoch seconds. */
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
}

/**
 * The minute buckets of `limit` candles `seconds` long: from `startMs` on (its candle included), or
 * ending with the candle that holds `endMs` (inclusive), or (neither) the latest. `chartCandles`
 * takes it as its `range`; the chart's scroll-back and Binance's klines page with it.
 */
export function candleRange(
  seconds: number,
  limit: number,
  startMs?: number,
  endMs?: number,
): { from?: Date; to?: Date } {
  const ms = seconds * 1000;
  const from =
    startMs !== undefined
      ? new Date(startMs - (startMs % ms))
      : endMs !== undefined
        ? new Date(endMs - (endMs % ms) - (limit - 1) * ms)
        : undefined;
  return { ...(from && { from }), ...(endMs !== undefined && { to: new Date(endMs) }) };
}

/**
 * One-minute candles folded into `seconds`-long ones, oldest first: the latest `limit` of them, or
 * the first `limit` within `range`.
 */
export async function chartCandles(
  db: Db,
  pairId: string,
  seconds: number,
  limit: number,
  now: Date,
  range?: { from?: Date; to?: Date },
): Promise<ChartCandle[]> {
  const current = Math.floor(now.getTime() / 1000 / seconds) * seconds;
  const from = range?.from ?? new Date((current - (limit - 1) * seconds) * 1000);
  let query = db
    .selectFrom('candles')
    .select([
      sql<string>`(floor(extract(epoch from bucket) / ${seconds}) * ${seconds})::bigint`.as('time'),
      sql<string>`(array_agg(open order by bucket))[1]`.as('open'),
      sql<string>`max(high)`.as('high'),
      sql<string>`min(low)`.as('low'),
      sql<string>`(array_agg(close order by bucket desc))[1]`.as('close'),
      sql<string>`sum(volume)`.as('volume'),
      sql<string>`sum(quote_volume)`.as('quote_volume'),
    ])
    .where('pair_id', '=', pairId)
    .where('bucket', '>=', from);
  if (range?.to) query = query.where('bucket', '<=', range.to);
  const rows = await query
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    time: Number(r.time),
    open: BigInt(r.open),
    high: BigInt(r.high),
    low: BigInt(r.low),
    close: BigInt(r.close),
    volume: BigInt(r.volume),
    quoteVolume: BigInt(r.quote_volume),
  }));
}

export async function favoritePairIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('favorites')
    .select('pair_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.pair_id));
}

export async function addFavorite(db: Db, userId: string, pairId: string): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, pair_id: pairId })
    .onConflict((oc) => oc.columns(['user_id', 'pair_id']).doNothing())
    .execute();
}

export async function removeFavorite(db: Db, userId: string, pairId: string): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('pair_id', '=', pairId)
    .execute();
}
