import { sql, type Kysely } from 'kysely';

/**
 * Issue 36. `users.language`: the language the user chose for the app and their mails (`en`,
 * `hi`); null until they choose, when mails follow the request's Accept-Language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column language text
    constraint users_language_check check (language in ('en', 'hi'))`.execute(db);
}
