import { sql, type Kysely } from 'kysely';

/**
 * Issue 52 item 2, GST on fees. Accounts may be the `gst` system account (the GST included in
 * fees, payable to the government); every TDS deduction row, one per side of a fill, also keeps
 * the GST its side's fee included (0 before this). `user_gst_states`: the user's state for the
 * place of supply, one row per change. `gst_invoice_series` and `gst_invoices`: monthly tax
 * invoices numbered in one series per financial year, each number allotted once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop constraint if exists accounts_system_check`.execute(db);
  await sql`alter table accounts add constraint accounts_system_check check (system in ('deposits', 'withdrawals', 'fees', 'tds', 'gst', 'rounding'))`.execute(
    db,
  );
  await sql`alter table tds_deductions add column gst numeric(78, 0) not null default 0`.execute(
    db,
  );
  await sql`create table user_gst_states (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id),
    state_code text not null check (state_code ~ '^[0-9]{2}$'),
    source text not null check (source in ('kyc', 'user')),
    reason text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index user_gst_states_user_idx on user_gst_states (user_id, created_at)`.execute(
    db,
  );
  await sql`create table gst_invoice_series (
    financial_year text primary key,
    last_number integer not null
  )`.execute(db);
  await sql`create table gst_invoices (
    financial_year text not null,
    number integer not null,
    user_id uuid not null references users (id),
    month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
    created_at timestamptz not null,
    primary key (financial_year, number),
    unique (user_id, month)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table gst_invoices`.execute(db);
  await sql`drop table gst_invoice_series`.execute(db);
  await sql`drop table user_gst_states`.execute(db);
  await sql`alter table tds_deductions drop column gst`.execute(db);
  await sql`alter table accounts drop constraint if exists accounts_system_check`.execute(db);
  await sql`alter table accounts add constraint accounts_system_check check (system in ('deposits', 'withdrawals', 'fees', 'tds', 'rounding'))`.execute(
    db,
  );
}
