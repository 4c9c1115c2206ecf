import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StoredAnswerRow {
  fingerprint: string;
  status: number;
  body: string;
}

/** The answer kept for a user's key, if it was written after `since`. */
export async function findAnswer(
  db: Kysely<Database>,
  userId: string,
  key: string,
  since: Date,
): Promise<StoredAnswerRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Deletes the answers kept since before `before`; returns how many went. */
export async function purgeAnswers(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
