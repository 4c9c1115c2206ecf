import type {
  Language,
  NumberGrouping,
  UserRole,
  VerificationRequestStatus,
} from '@exchange/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';

/** An account as the services see it; the password hash never leaves the server. */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
  role: UserRole;
  /** null until the email's one-time code was entered. */
  emailVerifiedAt: Date | null;
  verificationStatus: VerificationRequestStatus;
  createdAt: Date;
  /** Set while an admin has the account locked: it cannot sign in, trade or withdraw. */
  lockedAt: Date | null;
  lockReason: string | null;
  /** On: withdrawals go only to saved addresses, each from 24 h after it was added. */
  withdrawalWhitelist: boolean;
  /** Shown at the top of every mail the exchange sends this user; null: none. */
  antiPhishingCode: string | null;
  /** The language chosen for the app and mails; null: not chosen (issue 36). */
  language: Language | null;
  /** Indian or international digit grouping for amounts; null: not chosen (issue 36). */
  numberGrouping: NumberGrouping | null;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
  role?: UserRole;
  emailVerifiedAt?: Date | null;
  verificationStatus?: VerificationRequestStatus;
}

export type UserChanges = Partial<
  Pick<
    User,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'passwordHash'
    | 'role'
    | 'emailVerifiedAt'
    | 'verificationStatus'
    | 'withdrawalWhitelist'
    | 'antiPhishingCode'
    | 'language'
    | 'numberGrouping'
  >
>;

export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    passwordHash: row.password_hash,
    role: row.role,
    emailVerifiedAt: row.email_verified_at,
    verificationStatus: row.verification_request_status,
    createdAt: row.created_at,
    lockedAt: row.locked_at,
    lockReason: row.lock_reason,
    withdrawalWhitelist: row.withdrawal_whitelist,
    antiPhishingCode: row.anti_phishing_code,
    language: row.language,
    numberGrouping: row.number_grouping,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && userFromRow(row);
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && userFromRow(row);
}

/** The language the user saved, null when they chose none (or there is no such user). */
export async function savedLanguageRow(db: Db, id: string): Promise<Language | null> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.language ?? null;
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      password_hash: user.passwordHash,
      role: user.role,
      email_verified_at: user.emailVerifiedAt ?? null,
      verification_request_status: user.verificationStatus,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return userFromRow(row);
}

export async function updateUser(
  db: Db,
  id: string,
  changes: UserChanges,
  now: Date,
): Promise<void> {
  const set: UserUpdate = { updated_at: now };
  if (changes.firstName !== undefined) set.first_name = changes.firstName;
  if (changes.lastName !== undefined) set.last_name = changes.lastName;
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.passwordHash !== undefined) set.password_hash = changes.passwordHash;
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.emailVerifiedAt !== undefined) set.email_verified_at = changes.emailVerifiedAt;
  if (changes.verificationStatus !== undefined)
    set.verification_request_status = changes.verificationStatus;
  if (changes.withdrawalWhitelist !== undefined)
    set.withdrawal_whitelist = changes.withdrawalWhitelist;
  if (changes.antiPhishingCode !== undefined) set.anti_phishing_code = changes.antiPhishingCode;
  if (changes.language !== undefined) set.language = changes.language;
  if (changes.numberGrouping !== undefined) set.number_grouping = changes.numberGrouping;
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** Only the first verification sets the time. */
export async function markEmailVerified(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** `%` and `_` match themselves in a LIKE pattern built from what an admin typed. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts whose email, first or last name, full name or phone contains `q` (any case), of one
 * role when given, newest first; every account when neither is given.
 */
export async function searchUsers(
  db: Db,
  filter: { q?: string | undefined; role?: UserRole | undefined },
  page: Page,
) {
  const { q, role } = filter;
  let query = db.selectFrom('users').selectAll();
  if (role) query = query.where('role', '=', role);
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
        eb('phone', 'like', pattern),
      ]),
    );
  }
  const { rows, total } = await paginate(query.orderBy('created_at', 'desc').orderBy('id'), page);
  return { users: rows.map(userFromRow), total };
}

/** The anti-phishing code of the account with this email, if it has one (every mail shows it). */
export async function antiPhishingCodeOf(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('anti_phishing_code')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.anti_phishing_code ?? null;
}
