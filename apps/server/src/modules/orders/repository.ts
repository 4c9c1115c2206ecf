import { orderFromRow } from '../../core/trading/trading-rows.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

/**
 * The user's orders, newest first: open ones, or the closed (filled and cancelled). `pairOf`
 * names each row's pair; an order whose pair is not listed is an internal fault.
 */
export async function userOrderPage(
  db: Db,
  userId: string,
  page: Page,
  pairOf: (pairId: string) => Pair | undefined,
  list?: 'open' | 'closed',
): Promise<{ orders: OrderRecord[]; total: number }> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (list === 'open') query = query.where('status', '=', 'open');
  if (list === 'closed') query = query.where('status', 'in', ['filled', 'cancelled']);
  const { rows, total } = await paginate(query.orderBy('id', 'desc'), page);
  const orders = rows.map((row) => {
    const pair = pairOf(row.pair_id);
    if (!pair) throw new Error(`order ${row.id} on an unknown pair ${row.pair_id}`);
    return orderFromRow(row, pair);
  });
  return { orders, total };
}

/** Orders by id, for their owners' live updates; orders on unlisted pairs are left out. */
export async function ordersByIds(
  db: Db,
  ids: readonly string[],
  pairOf: (pairId: string) => Pair | undefined,
): Promise<OrderRecord[]> {
  const rows = await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
  return rows.flatMap((row) => {
    const pair = pairOf(row.pair_id);
    return pair ? [orderFromRow(row, pair)] : [];
  });
}
