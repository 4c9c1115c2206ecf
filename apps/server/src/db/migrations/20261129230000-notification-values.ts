import { sql, type Kysely } from 'kysely';

/**
 * Walk-4 W4-3: a notification keeps what it says as values (`params`, a fired price alert's pair,
 * direction and prices), so the bell words it in the reader's language; `title` and `body` stay
 * the English wording. Older notifications have none and show as stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column params jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column params`.execute(db);
}
