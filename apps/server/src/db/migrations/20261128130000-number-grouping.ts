import { sql, type Kysely } from 'kysely';

/**
 * Issue 36. `users.number_grouping`: how the user's amounts and prices group digits (`indian`
 * 1,00,000 or `international` 100,000; rupees are always Indian); null until they choose, when
 * the browser's default applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column number_grouping text
    constraint users_number_grouping_check check (number_grouping in ('indian', 'international'))`.execute(
    db,
  );
}
