import { sql } from 'kysely';
import type { OtpPurpose } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import type { OneTimeCodeRow } from '../../db/schema.js';

/** Serialises code requests for one email and purpose until the transaction ends. */
export async function lockCodeRequests(db: Db, email: string, purpose: OtpPurpose): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${email}`}))`.execute(db);
}

/** Request times since `since`, oldest first. */
export async function listCodeRequests(
  db: Db,
  email: string,
  purpose: OtpPurpose,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('otp_requests')
    .select('requested_at')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('requested_at', '>', since)
    .orderBy('requested_at', 'asc')
    .execute();
  return rows.map((r) => r.requested_at);
}

export async function recordCodeRequest(
  db: Db,
  email: string,
  purpose: OtpPurpose,
  now: Date,
  keepSince: Date,
): Promise<void> {
  await db
    .deleteFrom('otp_requests')
    .where('email', '=', email)
    .where('requested_at', '<=', keepSince)
    .execute();
  await db.insertInto('otp_requests').values({ email, purpose, requested_at: now }).execute();
}

export interface NewCode {
  userId: string;
  purpose: OtpPurpose;
  codeHash: string;
  expiresAt: Date;
}

/** Stores a code and retires every earlier live code for the same purpose: only the newest works. */
export async function replaceCode(db: Db, code: NewCode, now: Date): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', code.userId)
    .where('purpose', '=', code.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id: code.userId,
      purpose: code.purpose,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      created_at: now,
    })
    .execute();
}

export function findLiveCode(
  db: Db,
  userId: string,
  purpose: OtpPurpose,
): Promise<OneTimeCodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a try before the comparison, atomically, so parallel guesses cannot exceed the cap. */
export async function countAttempt(
  db: Db,
  codeId: string,
  maxAttempts: number,
): Promise<number | null> {
  const row = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

export async function consumeCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: now })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes code requests, and codes, made before `before`: nothing reads them after an hour. */
export async function purgeCodeRecords(db: Db, before: Date): Promise<number> {
  const requests = await db.deleteFrom('otp_requests').where('requested_at', '<', before).execute();
  const codes = await db.deleteFrom('one_time_codes').where('created_at', '<', before).execute();
  return Number(requests[0]?.numDeletedRows ?? 0) + Number(codes[0]?.numDeletedRows ?? 0);
}
