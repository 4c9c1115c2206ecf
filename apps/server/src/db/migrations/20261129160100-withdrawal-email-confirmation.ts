import { sql, type Kysely } from 'kysely';

/**
 * Walk-4 W4-4: a withdrawal to an address its user has never withdrawn to, by a user with no
 * second factor, waits (held) in `awaiting_email_confirmation` until the mail's single-use link
 * confirms it; only then does it go to review. The link's secret is kept as a SHA-256 hash, bound
 * to the withdrawal and its user, and expires (an unconfirmed withdrawal is cancelled, the hold
 * returned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawals drop constraint if exists withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('awaiting_email_confirmation', 'pending', 'processing', 'approved', 'rejected', 'cancelled'))`.execute(
    db,
  );
  await db.schema
    .createTable('withdrawal_confirm_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index withdrawal_confirm_links_withdrawal_idx on withdrawal_confirm_links (withdrawal_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_confirm_links').execute();
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('pending', 'processing', 'approved', 'rejected', 'cancelled'))`.execute(
    db,
  );
}
