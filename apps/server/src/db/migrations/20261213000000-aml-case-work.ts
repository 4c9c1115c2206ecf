import { sql, type Kysely } from 'kysely';

/**
 * Issue 52 items 3-4: the work on an anti-money-laundering case and what it leaves behind.
 * - `aml_cases` gains its assignee and the close approvals of a high-risk case (four-eyes: the
 *   first admin's reason waits here for a second, different admin), and the reason it closed with.
 * - `aml_case_events`: the case's history as the console shows it (assigned, notes, escalation,
 *   close approvals, pauses, STRs filed); every entry is also in the admin audit trail.
 * - `withdrawal_freezes`: the accounts whose withdrawals an admin paused, and why (the user is told
 *   only that they are paused). A row is removed when an admin resumes them; both are audited.
 * - `aml_reports`: each suspicious-transaction report generated from a case, the file itself
 *   (FIU-IND's FINnet structure) with its hash, who filed it and when.
 * None of these rows is ever deleted by the account deletion flow: PMLA section 12 keeps records
 * five years after the account closes (README "Record retention").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table aml_cases
    add column assignee_id uuid references users(id),
    add column close_approvals jsonb not null default '[]',
    add column closed_reason text`.execute(db);
  await sql`create index aml_cases_status_idx on aml_cases (status, created_at desc)`.execute(db);
  await sql`create table aml_case_events (
    id uuid primary key default gen_random_uuid(),
    case_id uuid not null references aml_cases(id),
    kind text not null,
    admin_id uuid not null references users(id),
    text text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index aml_case_events_case_idx on aml_case_events (case_id, created_at)`.execute(
    db,
  );
  await sql`create table withdrawal_freezes (
    user_id uuid primary key references users(id),
    reason text not null,
    case_id uuid references aml_cases(id),
    frozen_by uuid not null references users(id),
    frozen_at timestamptz not null
  )`.execute(db);
  await sql`create table aml_reports (
    id uuid primary key default gen_random_uuid(),
    case_id uuid not null references aml_cases(id),
    file_name text not null,
    content text not null,
    sha256 text not null,
    filed_by uuid not null references users(id),
    filed_at timestamptz not null
  )`.execute(db);
  await sql`create index aml_reports_case_idx on aml_reports (case_id, filed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table aml_reports`.execute(db);
  await sql`drop table withdrawal_freezes`.execute(db);
  await sql`drop table aml_case_events`.execute(db);
  await sql`alter table aml_cases
    drop column assignee_id, drop column close_approvals, drop column closed_reason`.execute(db);
}
