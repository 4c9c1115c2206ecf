import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** A listen key lives an hour after it was made or last kept alive (Binance's rule). */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
/** Listen keys one API key may hold at once. */
const MAX_PER_API_KEY = 10;

/** Whose user data stream a live listen key opens, and the API key that made it. */
export interface ListenKey {
  userId: string;
  apiKeyId: string;
}

/*
 * The user data stream's listen keys (`POST/PUT/DELETE /api/v3/userDataStream`): a random
 * bearer name for one user's stream of order and balance events, opened as `/ws/<listenKey>`.
 * Kept in the database (`listen_keys`), so that every process serving the streams (the single
 * server, any gateway of a cluster) reads the same keys and a key outlives the process that made
 * it. Times are the caller's clock (`ctx.now()`), as everywhere else.
 */

/**
 * A new key for the user of `apiKeyId`; one holding its limit gets its last key again, kept
 * alive. Counted and made in one transaction holding the API key's row, so that calls at the
 * same moment, each counting nine, cannot make eleven (review I4-7).
 */
export async function createListenKey(
  db: Db,
  userId: string,
  apiKeyId: string,
  nowMs: number,
): Promise<string> {
  const expiresAt = new Date(nowMs + LISTEN_KEY_TTL_MS);
  await db.deleteFrom('listen_keys').where('expires_at', '<=', new Date(nowMs)).execute();
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('api_keys').select('id').where('id', '=', apiKeyId).forUpdate().execute();
    const held = await trx
      .selectFrom('listen_keys')
      .select('name')
      .where('api_key_id', '=', apiKeyId)
      .orderBy('created_at')
      .orderBy('name')
      .offset(MAX_PER_API_KEY - 1)
      .limit(1)
      .executeTakeFirst();
    if (held) {
      await trx
        .updateTable('listen_keys')
        .set({ expires_at: expiresAt })
        .where('name', '=', held.name)
        .execute();
      return held.name;
    }
    const name = randomBytes(45).toString('base64url').slice(0, 60);
    const made = new Date(nowMs);
    await trx
      .insertInto('listen_keys')
      .values({
        name,
        user_id: userId,
        api_key_id: apiKeyId,
        expires_at: expiresAt,
        // After every key the API key holds, though two be made in one millisecond: the keys'
        // order is the order they were made in, so "its last key" above is the one made last.
        created_at: sql<Date>`greatest(${made}::timestamptz, (
          select max(created_at) + interval '1 millisecond' from listen_keys
          where api_key_id = ${apiKeyId}))`,
      })
      .execute();
    return name;
  });
}

/**
 * The live keys among `names`: not expired, and made by an API key that is neither revoked nor
 * expired (a listen key never outlives its API key).
 */
export async function liveListenKeys(
  db: Db,
  names: string[],
  nowMs: number,
): Promise<Map<string, ListenKey>> {
  if (names.length === 0) return new Map();
  const now = new Date(nowMs);
  const rows = await db
    .selectFrom('listen_keys as l')
    .innerJoin('api_keys as k', 'k.id', 'l.api_key_id')
    .select(['l.name', 'l.user_id', 'l.api_key_id'])
    .where('l.name', 'in', names)
    .where('l.expires_at', '>', now)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', now)
    .execute();
  return new Map(rows.map((r) => [r.name, { userId: r.user_id, apiKeyId: r.api_key_id }]));
}

/** Keeps a live key of this API key alive another hour; false when there is none. */
export async function keepListenKeyAlive(
  db: Db,
  name: string,
  apiKeyId: string,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('listen_keys')
    .set({ expires_at: new Date(nowMs + LISTEN_KEY_TTL_MS) })
    .where('name', '=', name)
    .where('api_key_id', '=', apiKeyId)
    .where('expires_at', '>', new Date(nowMs))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends a key of this API key; false when there is none. */
export async function closeListenKey(db: Db, name: string, apiKeyId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('listen_keys')
    .where('name', '=', name)
    .where('api_key_id', '=', apiKeyId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
