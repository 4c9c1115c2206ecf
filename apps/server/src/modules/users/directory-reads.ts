import type { Db } from '../../db/connect.js';

/** The emails of these users (the admins who approved what a review queue's page shows). */
export async function emailsOf(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Whether an admin has the account locked (it gets no new session). */
export async function isAccountLocked(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('locked_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.locked_at);
}
