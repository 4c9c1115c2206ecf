import type { ApiKeyScope, UserRole } from '@exchange/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ApiKeysTable } from '../../db/schema.js';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  label: string;
  keyPrefix: string;
  sealedSecret: string;
  scopes: ApiKeyScope[];
  ipAllowlist: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

const fromRow = (r: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: r.id,
  userId: r.user_id,
  label: r.label,
  keyPrefix: r.key_prefix,
  sealedSecret: r.sealed_secret,
  scopes: r.scopes,
  ipAllowlist: r.ip_allowlist,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
});

export interface NewApiKey {
  id: string;
  userId: string;
  label: string;
  keyHash: string;
  keyPrefix: string;
  sealedSecret: string;
  scopes: ApiKeyScope[];
  ipAllowlist: string[];
  expiresAt: Date;
}

export async function insertApiKey(db: Db, key: NewApiKey, now: Date): Promise<ApiKeyRecord> {
  const row = await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      user_id: key.userId,
      label: key.label,
      key_hash: key.keyHash,
      key_prefix: key.keyPrefix,
      sealed_secret: key.sealedSecret,
      scopes: key.scopes,
      ip_allowlist: key.ipAllowlist,
      expires_at: key.expiresAt,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** The user's keys, newest first. */
export async function userApiKeys(db: Db, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(fromRow);
}

export async function countActiveApiKeys(db: Db, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A key by the hash of what X-API-KEY carries, with its owner's role and whether they are locked. */
export async function findApiKeyByHash(
  db: Db,
  keyHash: string,
): Promise<(ApiKeyRecord & { role: UserRole; ownerLocked: boolean }) | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('api_keys')
    .select(['users.role', 'users.locked_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row && { ...fromRow(row), role: row.role, ownerLocked: row.locked_at !== null };
}

/** Revokes the user's own key; undefined if it is not theirs. */
export async function revokeApiKey(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Revokes the user's live keys (or those with `scope`); answers their ids. */
export async function revokeUserKeys(
  db: Db,
  userId: string,
  now: Date,
  scope?: ApiKeyScope,
): Promise<string[]> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (scope) query = query.where(sql<boolean>`${scope} = any(scopes)`);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Of the given key ids, those still usable (not revoked, not expired, owner not locked). */
export async function liveApiKeyIds(db: Db, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select('api_keys.id')
    .where('api_keys.id', 'in', ids)
    .where('api_keys.revoked_at', 'is', null)
    .where('api_keys.expires_at', '>', now)
    .where('users.locked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
