import { sql, type Kysely } from 'kysely';

/**
 * Review 4, N4-H2 and N4-M3.
 *
 * - `usdt_inr_rate_proposals`: a USDT/INR rate one admin proposed, in force only once a different
 *   admin approves it (`usdt_inr_rates.approved_by`), unless it is within the band of the
 *   market's own USDTINR price.
 * - `payout_batches` and `withdrawals.payout_batch_id`/`payout_sent_at`: exporting the rupee payout
 *   file marks its rows sent in one batch; only a different admin may send a batch again.
 *   `withdrawals.payout_return`: the bank's failure report (return reference) and the admins who
 *   recorded it; a sent row is rejected only once two did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table usdt_inr_rate_proposals (
    id uuid primary key default gen_random_uuid(),
    rate numeric(78, 0) not null check (rate > 0),
    proposed_by uuid not null references users (id),
    created_at timestamptz not null,
    status text not null default 'pending'
      check (status in ('pending', 'approved', 'declined', 'superseded')),
    decided_by uuid references users (id),
    decided_at timestamptz
  )`.execute(db);
  await sql`create index usdt_inr_rate_proposals_pending_idx
    on usdt_inr_rate_proposals (created_at) where status = 'pending'`.execute(db);
  await sql`alter table usdt_inr_rates add column approved_by uuid references users (id)`.execute(
    db,
  );
  await sql`create table payout_batches (
    id uuid primary key,
    created_by uuid not null references users (id),
    created_at timestamptz not null,
    rows integer not null,
    resend_requested_by uuid references users (id),
    resend_requested_at timestamptz,
    resent_by uuid references users (id),
    resent_at timestamptz
  )`.execute(db);
  await sql`alter table withdrawals add column payout_batch_id uuid`.execute(db);
  await sql`alter table withdrawals add column payout_sent_at timestamptz`.execute(db);
  await sql`alter table withdrawals add column payout_return jsonb`.execute(db);
  await sql`create index withdrawals_payout_batch_idx on withdrawals (payout_batch_id)
    where payout_batch_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index withdrawals_payout_batch_idx`.execute(db);
  await sql`alter table withdrawals drop column payout_return`.execute(db);
  await sql`alter table withdrawals drop column payout_sent_at`.execute(db);
  await sql`alter table withdrawals drop column payout_batch_id`.execute(db);
  await sql`drop table payout_batches`.execute(db);
  await sql`alter table usdt_inr_rates drop column approved_by`.execute(db);
  await sql`drop table usdt_inr_rate_proposals`.execute(db);
}
