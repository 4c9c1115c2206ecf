import type { Kysely } from 'kysely';

/** The hourly purge of old sign-in records (modules/auth/purge.ts) deletes by these columns. */
const INDEXES = [
  ['otp_requests_requested_at_idx', 'otp_requests', 'requested_at'],
  ['one_time_codes_created_at_idx', 'one_time_codes', 'created_at'],
  ['sessions_expires_at_idx', 'sessions', 'expires_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
