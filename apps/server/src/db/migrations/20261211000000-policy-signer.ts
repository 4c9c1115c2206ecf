import { sql, type Kysely } from 'kysely';

/**
 * Issue 51, the policy signer. A withdrawal whose approvals are complete and that the hot wallet
 * pays waits as `awaiting_signature` (still held) until the signer signs its transfer.
 * `signer_signatures`: the signer's own book, one row per withdrawal it signed (never two: the
 * primary key), with what it signed and the value its velocity limits count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawals drop constraint if exists withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('awaiting_email_confirmation', 'pending', 'awaiting_signature', 'processing', 'approved', 'rejected', 'cancelled'))`.execute(
    db,
  );
  await sql`create table signer_signatures (
    withdrawal_id uuid primary key references withdrawals (id),
    network text not null,
    from_address text not null,
    to_address text not null,
    contract text,
    units numeric(78, 0) not null check (units > 0),
    value_usdt numeric(78, 0),
    nonce integer not null check (nonce >= 0),
    tx_hash text not null unique,
    raw_tx text not null,
    signed_at timestamptz not null
  )`.execute(db);
  await sql`create index signer_signatures_signed_at_idx on signer_signatures (signed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table signer_signatures`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('awaiting_email_confirmation', 'pending', 'processing', 'approved', 'rejected', 'cancelled'))`.execute(
    db,
  );
}
