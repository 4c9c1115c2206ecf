import type { Db } from '../../db/connect.js';
import type { Token } from '../tokens.js';
import { clientKey, type TradingState } from './trading-state.js';
import { loadPairs } from './pairs.js';
import { orderFromRow } from './trading-rows.js';

type TradingRows = Awaited<ReturnType<typeof readTrading>>;

/** Everything the books are rebuilt from, read before any of the live state is touched. */
export async function readTrading(db: Db, token: (id: string) => Token | undefined) {
  const [pairs, open, last, lastTrades] = await Promise.all([
    loadPairs(db, token),
    db.selectFrom('orders').selectAll().where('status', '=', 'open').orderBy('id').execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst(),
    db
      .selectFrom('trades')
      .select((eb) => ['pair_id', eb.fn.max('id').as('max')])
      .groupBy('pair_id')
      .execute(),
  ]);
  return { pairs, open, last, lastTrades };
}

/**
 * Rebuilds every book from the open orders, oldest first, so time priority is what it was.
 * Nothing matches during the rebuild: the books were uncrossed when the orders were committed.
 * Synchronous, so no request ever sees the books half rebuilt.
 */
export function rebuildTrading(trading: TradingState, rows: TradingRows): void {
  const { pairs, open, last, lastTrades } = rows;
  trading.reset();
  for (const pair of pairs) trading.addPair(pair);
  // Trade ids go on from the last stored one: (pair, id) is the trades table's key.
  for (const { pair_id, max } of lastTrades) {
    const pair = trading.pairsById.get(pair_id);
    const book = pair && trading.engine.book(pair.symbol);
    if (book) book.tradeSeq = Number(max);
  }
  for (const row of open) {
    const pair = trading.pairsById.get(row.pair_id);
    if (!pair) throw new Error(`open order ${row.id} is on an unknown pair ${row.pair_id}`);
    const order = orderFromRow(row, pair);
    trading.openOrders.set(order.id, order);
    if (order.clientOrderId)
      trading.clientOrders.set(clientKey(order.userId, order.clientOrderId), order);
    trading.engine.book(pair.symbol)?.restoreOrder(trading.restingView(order));
  }
  trading.nextOrderId = Number(last?.max ?? 0) + 1;
}
