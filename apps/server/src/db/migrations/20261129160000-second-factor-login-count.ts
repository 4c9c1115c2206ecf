import { sql, type Kysely } from 'kysely';

/**
 * Review N-L5: the wrong codes of a login's second step from a device and address the owner has
 * never used count apart (`login_failures`, `login_locked_until`) from those of signed-in
 * step-ups (`failures`, `locked_until`), so a burst from elsewhere pauses only logins from
 * elsewhere, never the owner's withdrawals and security changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table two_factor add column login_failures integer not null default 0`.execute(
    db,
  );
  await sql`alter table two_factor add column login_locked_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table two_factor drop column login_locked_until`.execute(db);
  await sql`alter table two_factor drop column login_failures`.execute(db);
}
