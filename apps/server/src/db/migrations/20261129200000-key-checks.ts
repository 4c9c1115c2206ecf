import { sql, type Kysely } from 'kysely';

/**
 * Issue 46: the check value of each key the data is written with (`lib/key-check.ts`), so that a
 * server whose key file is missing or another refuses to start instead of making a new key over
 * data the old one sealed or signed (`secret-guards.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table key_checks (
    name text primary key,
    check_value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table key_checks`.execute(db);
}
