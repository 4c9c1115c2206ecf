import type { Db } from '../../db/connect.js';

export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Set by a password reset: the passkey signs nothing until its owner confirms it. */
  suspendedAt: Date | null;
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt' | 'suspendedAt'>;

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'counter',
  'transports',
  'name',
  'created_at',
  'last_used_at',
  'suspended_at',
] as const;

type Row = {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  suspended_at: Date | null;
};

const toPasskey = (r: Row): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  publicKey: Buffer.from(r.public_key, 'base64url'),
  counter: Number(r.counter),
  transports: r.transports ? r.transports.split(',') : [],
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  suspendedAt: r.suspended_at,
});

export async function insertPasskey(db: Db, p: NewPasskey, now: Date): Promise<StoredPasskey> {
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: p.userId,
      credential_id: p.credentialId,
      public_key: Buffer.from(p.publicKey).toString('base64url'),
      counter: p.counter,
      transports: p.transports.join(','),
      name: p.name,
      created_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toPasskey(row);
}

export async function userPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map(toPasskey);
}

export async function passkeyByCredential(
  db: Db,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && toPasskey(row);
}

export async function markPasskeyUsed(db: Db, id: string, counter: number, now: Date) {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('id', '=', id)
    .execute();
}

/** Removes one of the user's passkeys; undefined if the user has none with this id. */
export async function deletePasskey(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredPasskey | undefined> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toPasskey(row);
}

/** Whether the user added a passkey after `since`. */
export async function passkeysAddedSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Suspends the user's passkeys added after `since`; answers them. */
export async function suspendPasskeysAddedSince(
  db: Db,
  userId: string,
  since: Date,
  now: Date,
): Promise<StoredPasskey[]> {
  const rows = await db
    .updateTable('passkeys')
    .set({ suspended_at: now })
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('suspended_at', 'is', null)
    .returning(COLUMNS)
    .execute();
  return rows.map(toPasskey);
}

/** Lifts the suspension of one of the user's passkeys; undefined if none is suspended with this id. */
export async function unsuspendPasskey(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredPasskey | undefined> {
  const row = await db
    .updateTable('passkeys')
    .set({ suspended_at: null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('suspended_at', 'is not', null)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toPasskey(row);
}

/** How many of the user's passkeys can sign in (not suspended). */
export async function usablePasskeyCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('suspended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
