import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: `idempotency_keys`, the first answer to a money call sent with an `Idempotency-Key`,
 * per user and key, written in the same transaction as the call's effect (so a retry finds
 * either both or neither). Kept 24 hours: the lookup ignores older rows, a new call with the
 * same key replaces one, and the hourly purge deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    user_id uuid not null references users (id),
    key text not null,
    fingerprint text not null,
    status integer not null,
    body text not null,
    created_at timestamptz not null,
    primary key (user_id, key)
  )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
