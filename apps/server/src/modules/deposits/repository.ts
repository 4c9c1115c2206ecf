import type { DepositStatus } from '@exchange/contracts';
import { depositFromRow } from '../../core/record-rows.js';
import type { DepositRecord } from '../../core/records.js';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

/** The user's HD index, assigned on first use and never reused. */
export async function hdIndexOf(db: Db, userId: string): Promise<number> {
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('deposit_addresses')
    .select('hd_index')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.hd_index;
}

/** The user's deposits, newest first. */
export async function userDepositPage(
  db: Db,
  userId: string,
  page: Page,
  status?: DepositStatus,
): Promise<{ records: DepositRecord[]; total: number }> {
  let query = db.selectFrom('deposits').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  const { rows, total } = await paginate(query.orderBy('created_at', 'desc').orderBy('id'), page);
  return { records: rows.map(depositFromRow), total };
}

/** Every user's deposits with the depositor's email, oldest first: the queue an admin works through. */
export async function depositQueuePage(db: Db, page: Page, status?: DepositStatus) {
  let query = db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .selectAll('deposits')
    .select('users.email');
  if (status) query = query.where('deposits.status', '=', status);
  const { rows, total } = await paginate(query.orderBy('deposits.created_at'), page);
  const entries = rows.map((row) => ({
    record: depositFromRow(row),
    user: { id: row.user_id, email: row.email },
  }));
  return { entries, total };
}
