import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';

export async function insertPayoutBatch(db: Db, id: string, createdBy: string, now: Date) {
  await db
    .insertInto('payout_batches')
    .values({
      id,
      created_by: createdBy,
      created_at: now,
      rows: 0,
      resend_requested_by: null,
      resend_requested_at: null,
      resent_by: null,
      resent_at: null,
    })
    .execute();
}

export async function setBatchRows(db: Db, id: string, rows: number) {
  await db.updateTable('payout_batches').set({ rows }).where('id', '=', id).execute();
}

export function findPayoutBatch(db: Db, id: string) {
  return db.selectFrom('payout_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records who asked to send the batch again (once at a time); false: not found. */
export async function requestResend(db: Db, id: string, adminId: string, now: Date) {
  const row = await db
    .updateTable('payout_batches')
    .set({ resend_requested_by: adminId, resend_requested_at: now })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A different admin sends the batch again: the request is used up (only if it is still the one by
 * `requestedBy`, so two downloads of one request cannot both pass).
 */
export async function markResent(
  db: Db,
  id: string,
  requestedBy: string,
  adminId: string,
  now: Date,
) {
  const row = await db
    .updateTable('payout_batches')
    .set({
      resend_requested_by: null,
      resend_requested_at: null,
      resent_by: adminId,
      resent_at: now,
    })
    .where('id', '=', id)
    .where('resend_requested_by', '=', requestedBy)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Batches newest first, with who made them, who asked to re-send, and how many rows are open. */
export function payoutBatchPage(db: Db, page: Page) {
  const query = db
    .selectFrom('payout_batches as b')
    .leftJoin('users as c', 'c.id', 'b.created_by')
    .leftJoin('users as r', 'r.id', 'b.resend_requested_by')
    .select((eb) => [
      'b.id',
      'b.created_at',
      'b.rows',
      'b.resent_at',
      'c.email as created_by',
      'r.email as resend_requested_by',
      eb
        .selectFrom('withdrawals as w')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('w.payout_batch_id', '=', 'b.id')
        .where('w.status', '=', 'processing')
        .as('open'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id');
  return paginate(query, page);
}
