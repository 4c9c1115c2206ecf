import { sql, type Kysely } from 'kysely';

/**
 * Issue 52 item 3. `aml_cases`: what an anti-money-laundering rule found, one open case per rule
 * and subject (a user, an address, a device) at a time, so a pattern that keeps matching adds no
 * second case while the first is open. Kept for good (PMLA: five years after the account closes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table aml_cases (
    id uuid primary key default gen_random_uuid(),
    rule text not null,
    risk text not null check (risk in ('medium', 'high')),
    subject text not null,
    user_ids jsonb not null,
    summary text not null,
    facts jsonb not null,
    status text not null default 'open' check (status in ('open', 'escalated', 'closed')),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index aml_cases_live_idx on aml_cases (rule, subject) where status <> 'closed'`.execute(
    db,
  );
  await sql`create index aml_cases_time_idx on aml_cases (created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table aml_cases`.execute(db);
}
