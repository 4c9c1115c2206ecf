import { sql, type Kysely } from 'kysely';

/**
 * An admin can lock an account (`locked_at`, with the reason kept beside it); a locked account
 * cannot sign in, and its sessions are dead. `ledger_audits` keeps each run of the ledger audit
 * an admin started, so the console shows the latest result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column locked_at timestamptz, add column lock_reason text`.execute(
    db,
  );
  await sql`create table ledger_audits (
    id uuid primary key,
    admin_id uuid not null references users (id),
    ok boolean not null,
    violations jsonb not null,
    totals jsonb not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index ledger_audits_created_at_idx on ledger_audits (created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ledger_audits`.execute(db);
  await sql`alter table users drop column locked_at, drop column lock_reason`.execute(db);
}
