import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

/** The user's orders, newest first: open ones, or the closed (filled and cancelled). */
export function userOrderPage(db: Db, userId: string, page: Page, list?: 'open' | 'closed') {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (list === 'open') query = query.where('status', '=', 'open');
  if (list === 'closed') query = query.where('status', 'in', ['filled', 'cancelled']);
  return paginate(query.orderBy('id', 'desc'), page);
}
