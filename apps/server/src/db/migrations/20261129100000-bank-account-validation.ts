import { sql, type Kysely } from 'kysely';

const LIVE = sql`status in ('pending', 'verified')`;

/**
 * Review N4-H1: a bank account is verified by what the bank says, not by what the user typed.
 * - `bank_name`, `validation_status`, `validation_ref`, `validated_at`: the bank's answer to the
 *   penny drop (beneficiary name validation): the holder name it returned, whether the account is
 *   active, and the validation's reference. Matching uses `bank_name`.
 * - `upi_name`: the holder name the PSP returned for the UPI ID; a UPI ID without it decides
 *   nothing.
 * - An account (number and bank) and a UPI ID are live once across ALL users, no longer once per
 *   user. Where two users hold one today, the earliest keeps it: the later account is rejected
 *   (a UPI ID: dropped from the later account).
 * - Accounts verified before (by an admin, on the name the user typed) wait for the bank's
 *   validation again: pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_accounts
    add column bank_name text,
    add column validation_status text check (validation_status in ('active', 'invalid', 'failed')),
    add column validation_ref text,
    add column validated_at timestamptz,
    add column upi_name text`.execute(db);
  await sql`update bank_accounts set status = 'pending', reviewed_by = null, reviewed_at = null
    where status = 'verified'`.execute(db);
  await sql`update bank_accounts b
    set status = 'rejected',
        reason = 'This bank account is registered to another exchange account: contact support if it is yours'
    where ${LIVE} and exists (
      select 1 from bank_accounts o
      where o.status in ('pending', 'verified') and o.account_number = b.account_number
        and left(o.ifsc, 4) = left(b.ifsc, 4) and (o.created_at, o.id) < (b.created_at, b.id))`.execute(
    db,
  );
  await sql`update bank_accounts b set upi_id = null
    where ${LIVE} and upi_id is not null and exists (
      select 1 from bank_accounts o
      where o.status in ('pending', 'verified') and o.upi_id = b.upi_id
        and (o.created_at, o.id) < (b.created_at, b.id))`.execute(db);
  await sql`drop index bank_accounts_live_once`.execute(db);
  // A bank's account number is one account: the IFSC's branch part may differ, the bank may not.
  await sql`create unique index bank_accounts_number_live_once
    on bank_accounts (account_number, left(ifsc, 4)) where ${LIVE}`.execute(db);
  await sql`create unique index bank_accounts_vpa_live_once
    on bank_accounts (upi_id) where upi_id is not null and ${LIVE}`.execute(db);
  await sql`create index bank_accounts_user_idx on bank_accounts (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bank_accounts_user_idx`.execute(db);
  await sql`drop index bank_accounts_vpa_live_once`.execute(db);
  await sql`drop index bank_accounts_number_live_once`.execute(db);
  await sql`create unique index bank_accounts_live_once on bank_accounts (user_id, account_number, ifsc) where ${LIVE}`.execute(
    db,
  );
  await sql`alter table bank_accounts
    drop column bank_name,
    drop column validation_status,
    drop column validation_ref,
    drop column validated_at,
    drop column upi_name`.execute(db);
}
