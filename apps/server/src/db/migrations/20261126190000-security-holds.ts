import { sql, type Kysely } from 'kysely';

/**
 * Security review 3, N-H1 and N-M2: `users.withdrawals_held_until` is the end of the cooling-off
 * period after a security change (withdrawals and withdraw-permission API keys wait until then);
 * `two_factor.totp_pending_at` is when the pending authenticator secret was made, so a passkey
 * added after it voids it; `passkeys.suspended_at` marks a passkey added shortly before a
 * password reset, unusable until its owner confirms it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column withdrawals_held_until timestamptz`.execute(db);
  await sql`alter table two_factor add column totp_pending_at timestamptz`.execute(db);
  await sql`alter table passkeys add column suspended_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table passkeys drop column suspended_at`.execute(db);
  await sql`alter table two_factor drop column totp_pending_at`.execute(db);
  await sql`alter table users drop column withdrawals_held_until`.execute(db);
}
