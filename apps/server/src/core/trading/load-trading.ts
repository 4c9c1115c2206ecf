import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { CLIENT_ID_WINDOW_MS, REMEMBERED_CLOSED_MAX } from './client-order-ids.js';
import type { Token } from '../tokens.js';
import { clientKey, type TradingState } from './trading-state.js';
import { loadPairs } from './pairs.js';
import { orderFromRow } from './trading-rows.js';
import { isUntriggered } from './order-record.js';

type TradingRows = Awaited<ReturnType<typeof readTrading>>;

/** Everything the books are rebuilt from, read before any of the live state is touched. */
export async function readTrading(db: Db, token: (id: string) => Token | undefined, now: Date) {
  const [heads, open, recent] = await Promise.all([
    readTradingHeads(db, token),
    db.selectFrom('orders').selectAll().where('status', '=', 'open').orderBy('id').execute(),
    readRecentClientOrders(db, now),
  ]);
  return { ...heads, open, recent };
}

/** How many of the latest orders a start looks through for closed orders whose id a retry names. */
const RECENT_ORDERS_SCANNED = 5 * REMEMBERED_CLOSED_MAX;

/**
 * The closed orders whose client order id still names them (`client-order-ids.ts`), oldest
 * first: among the latest orders (a range of the key, not the whole table), the last
 * `REMEMBERED_CLOSED_MAX` placed within the window.
 */
export async function readRecentClientOrders(db: Db, now: Date) {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where(
      'id',
      '>',
      sql<string>`(select coalesce(max(id), 0) - ${RECENT_ORDERS_SCANNED} from orders)`,
    )
    .where('client_order_id', 'is not', null)
    .where('status', '!=', 'open')
    .where('created_at', '>', new Date(now.getTime() - CLIENT_ID_WINDOW_MS))
    .orderBy('id', 'desc')
    .limit(REMEMBERED_CLOSED_MAX)
    .execute();
  return rows.reverse();
}

/** All but the open orders: the pairs, the last order id, each pair's last trade (small reads). */
export async function readTradingHeads(db: Db, token: (id: string) => Token | undefined) {
  const [pairs, last, lastTrades] = await Promise.all([
    loadPairs(db, token),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst(),
    // Each pair's last trade: its id (trade ids go on from it) and price (stops are judged by it).
    db
      .selectFrom('trades')
      .distinctOn('pair_id')
      .select(['pair_id', 'id as max', 'price'])
      .orderBy('pair_id')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return { pairs, last, lastTrades };
}

/**
 * Rebuilds every book from the open orders, oldest first, so time priority is what it was;
 * untriggered stop-limit orders wait beside the books, each pair's last trade price with them.
 * Nothing matches during the rebuild: the books were uncrossed when the orders were committed.
 * Synchronous, so no request ever sees the books half rebuilt.
 */
export function rebuildTrading(trading: TradingState, rows: TradingRows): void {
  const { pairs, open, recent, last, lastTrades } = rows;
  trading.reset();
  for (const pair of pairs) trading.addPair(pair);
  // Trade ids go on from the last stored one: (pair, id) is the trades table's key.
  for (const { pair_id, max, price } of lastTrades) {
    const pair = trading.pairsById.get(pair_id);
    const book = pair && trading.engine.book(pair.symbol);
    if (!pair || !book) continue;
    book.tradeSeq = Number(max);
    trading.lastTicks.set(pair.symbol, Number(BigInt(price) / pair.tickUnits));
  }
  // Closed orders' client ids first (the oldest are forgotten first), then the open ones'.
  for (const row of recent) {
    const pair = trading.pairsById.get(row.pair_id);
    const order = pair && orderFromRow(row, pair);
    if (order?.clientOrderId)
      trading.clientOrders.set(clientKey(order.userId, order.clientOrderId), order);
  }
  for (const row of open) {
    const pair = trading.pairsById.get(row.pair_id);
    if (!pair) throw new Error(`open order ${row.id} is on an unknown pair ${row.pair_id}`);
    const order = orderFromRow(row, pair);
    trading.openOrders.set(order.id, order);
    if (order.clientOrderId)
      trading.clientOrders.set(clientKey(order.userId, order.clientOrderId), order);
    if (isUntriggered(order)) trading.stopsOf(pair.symbol).add(order);
    else trading.engine.book(pair.symbol)?.restoreOrder(trading.restingView(order));
  }
  // Stops a last trade crossed before a stop (or a crash) that had not entered the book yet are
  // due again: the first command, or the one queued at start, triggers them.
  for (const [symbol, stops] of trading.stops) {
    const last = trading.lastTicks.get(symbol);
    if (last !== undefined) stops.cross(last);
  }
  trading.nextOrderId = Number(last?.max ?? 0) + 1;
}
