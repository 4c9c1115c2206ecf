import type { LoginOutcome } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';

export interface LoginAttempt {
  id: string;
  userId: string | null;
  outcome: LoginOutcome;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export interface NewLoginAttempt {
  userId: string | null;
  /** As typed; null when the login was not by email (a passkey). */
  email: string | null;
  outcome: LoginOutcome;
  ip: string | null;
  userAgent: string | null;
  deviceHash: string | null;
}

export async function insertLoginAttempt(db: Db, a: NewLoginAttempt, now: Date): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      user_id: a.userId,
      email: a.email,
      outcome: a.outcome,
      ip: a.ip,
      user_agent: a.userAgent,
      device_hash: a.deviceHash,
      created_at: now,
    })
    .execute();
}

/** Whether the user has signed in before (within the history kept) from this device and address. */
export async function knownOrigin(
  db: Db,
  userId: string,
  deviceHash: string | null,
  ip: string | null,
): Promise<{ device: boolean; address: boolean }> {
  const seen = (column: 'device_hash' | 'ip', value: string | null) =>
    value === null
      ? Promise.resolve(false)
      : db
          .selectFrom('login_attempts')
          .select('id')
          .where('user_id', '=', userId)
          .where('outcome', '=', 'success')
          .where(column, '=', value)
          .limit(1)
          .executeTakeFirst()
          .then((row) => row !== undefined);
  const [device, address] = await Promise.all([seen('device_hash', deviceHash), seen('ip', ip)]);
  return { device, address };
}

/** Successful logins since `since` from one address or device, any account (the AML monitor). */
export async function loginsFrom(
  db: Db,
  origin: { column: 'ip' | 'device_hash'; value: string },
  since: Date,
): Promise<{ userId: string; at: Date }[]> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['user_id', 'created_at'])
    .where('outcome', '=', 'success')
    .where(origin.column, '=', origin.value)
    .where('created_at', '>=', since)
    .where('user_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.user_id === null ? [] : [{ userId: r.user_id, at: r.created_at }]));
}

/** The user's login attempts, newest first. */
export async function userLoginPage(
  db: Db,
  userId: string,
  page: Page,
): Promise<{ attempts: LoginAttempt[]; total: number }> {
  const query = db
    .selectFrom('login_attempts')
    .select(['id', 'user_id', 'outcome', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  const { rows, total } = await paginate(query, page);
  const attempts = rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    outcome: r.outcome,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at,
  }));
  return { attempts, total };
}

/**
 * Deletes attempts under no account (an unknown email) made before `before`; an account's login
 * history is a login record, kept while the account lives and 5 years after it closes (PMLA).
 */
export async function purgeLoginAttempts(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('user_id', 'is', null)
    .where('created_at', '<', before)
    .execute();
  return Number(result[0]?.numDeletedRows ?? 0);
}
