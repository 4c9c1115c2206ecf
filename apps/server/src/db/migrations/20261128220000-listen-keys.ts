import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: `listen_keys`, the Binance user data streams' keys (`/api/v3/userDataStream`), in
 * the database rather than one process's memory, so that a key made through one gateway opens a
 * stream on any other and outlives the process that made it. A key lives until `expires_at`
 * (an hour, extended by each keep-alive); expired rows are deleted when a key is made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table listen_keys (
    name text primary key,
    user_id uuid not null references users (id),
    api_key_id uuid not null references api_keys (id),
    expires_at timestamptz not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index listen_keys_api_key_idx on listen_keys (api_key_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table listen_keys`.execute(db);
}
