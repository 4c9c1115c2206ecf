import { sql, type Kysely } from 'kysely';

/**
 * Issue 35. `reserve_snapshots`: each published proof of reserves (the Merkle sum tree's root and
 * totals, the ledger position it was taken at, the reserves read on chain); `reserve_snapshot_leaves`:
 * its leaves in tree order (each user's salt and balances), from which a user's inclusion proof is
 * rebuilt. `deposit_scan_cursors`: the last block the deposit scanner processed per network, so a
 * restart resumes after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reserve_snapshots (
    id uuid primary key,
    created_at timestamptz not null,
    admin_id uuid references users (id),
    ledger_position uuid,
    root_hash text not null,
    root_sums jsonb not null,
    assets jsonb not null,
    user_count integer not null
  )`.execute(db);
  await sql`create index reserve_snapshots_created_at_idx on reserve_snapshots (created_at desc)`.execute(
    db,
  );
  await sql`create table reserve_snapshot_leaves (
    snapshot_id uuid not null references reserve_snapshots (id) on delete cascade,
    position integer not null,
    user_id uuid not null,
    salt text not null,
    balances jsonb not null,
    primary key (snapshot_id, position)
  )`.execute(db);
  await sql`create unique index reserve_snapshot_leaves_user_idx on reserve_snapshot_leaves (snapshot_id, user_id)`.execute(
    db,
  );
  await sql`create table deposit_scan_cursors (
    network text primary key,
    last_block bigint not null,
    updated_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table deposit_scan_cursors`.execute(db);
  await sql`drop table reserve_snapshot_leaves`.execute(db);
  await sql`drop table reserve_snapshots`.execute(db);
}
