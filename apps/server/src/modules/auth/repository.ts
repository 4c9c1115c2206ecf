import type { Db } from '../../db/connect.js';

export async function insertResetToken(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
    .execute();
}

export async function isLiveResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the token used and returns its user, if it was live; a token works once. */
export async function useResetToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function retireResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Deletes reset tokens that expired before `before`. */
export async function purgeResetTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<', before)
    .execute();
  return Number(result[0]?.numDeletedRows ?? 0);
}
