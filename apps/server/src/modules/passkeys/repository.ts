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
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>;

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
