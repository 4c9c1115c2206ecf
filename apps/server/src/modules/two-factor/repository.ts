import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { TwoFactorTable } from '../../db/schema-two-factor.js';

export type TwoFactorRow = Selectable<TwoFactorTable>;

/** The user's second-factor row, locked until the transaction ends (one code check at a time). */
export function lockTwoFactor(trx: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return trx
    .selectFrom('two_factor')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Keeps a setup secret until a code confirms it; the row appears on the first setup. */
export async function savePendingSecret(db: Db, userId: string, sealed: string, now: Date) {
  const pending = { totp_pending_secret: sealed, totp_pending_at: now, updated_at: now };
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, ...pending })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(pending))
    .execute();
}

/** An authenticator app on at once, its secret sealed (the demo admin's: demo/admin-totp.ts). */
export async function saveEnabledSecret(db: Db, userId: string, sealed: string, now: Date) {
  const enabled = { totp_secret: sealed, totp_enabled_at: now, failures: 0, updated_at: now };
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, ...enabled })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(enabled))
    .execute();
}

export type TwoFactorChanges = Partial<
  Pick<
    Updateable<TwoFactorTable>,
    | 'totp_secret'
    | 'totp_pending_secret'
    | 'totp_pending_at'
    | 'totp_enabled_at'
    | 'totp_last_step'
    | 'failures'
    | 'locked_until'
    | 'login_failures'
    | 'login_locked_until'
  >
>;

export async function updateTwoFactor(
  db: Db,
  userId: string,
  changes: TwoFactorChanges,
  now: Date,
) {
  await db
    .updateTable('two_factor')
    .set({ ...changes, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Replaces the user's recovery codes with these (keyed hashes). */
export async function replaceRecoveryCodes(trx: Db, userId: string, hashes: string[], now: Date) {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

export async function deleteRecoveryCodes(trx: Db, userId: string) {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Spends an unused recovery code; false if there is none with this hash. */
export async function useRecoveryCode(trx: Db, userId: string, hash: string, now: Date) {
  const row = await trx
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user has an authenticator app on. */
export async function totpEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('totp_enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.totp_enabled_at != null;
}
