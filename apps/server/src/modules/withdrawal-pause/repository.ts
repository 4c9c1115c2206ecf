import type { Db } from '../../db/connect.js';

/** The pause on a user's withdrawals, if any. */
export function pauseOf(db: Db, userId: string) {
  return db
    .selectFrom('withdrawal_freezes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Which of `userIds` have their withdrawals paused. */
export async function pausedAmong(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawal_freezes')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Pauses a user's withdrawals; false when they already were. */
export async function insertPause(
  db: Db,
  pause: { user_id: string; reason: string; case_id: string; frozen_by: string; frozen_at: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('withdrawal_freezes')
    .values(pause)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Resumes a user's withdrawals: the pause removed (the audit trail keeps it); false if none. */
export async function deletePause(db: Db, userId: string) {
  return db
    .deleteFrom('withdrawal_freezes')
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
