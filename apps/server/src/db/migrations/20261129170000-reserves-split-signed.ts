import { sql, type Kysely } from 'kysely';

/**
 * Issue 45 (N4-L4). A proof-of-reserves snapshot splits each user's balances into several leaves
 * and pads the tree with dummy leaves (`user_id` null), and is signed with the exchange's Ed25519
 * key: `reserve_snapshots` keeps the tree's leaf count, the signature and the public key it
 * verifies with (all null for snapshots taken before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reserve_snapshots add column leaf_count integer`.execute(db);
  await sql`alter table reserve_snapshots add column signature text`.execute(db);
  await sql`alter table reserve_snapshots add column public_key text`.execute(db);
  await sql`drop index reserve_snapshot_leaves_user_idx`.execute(db);
  await sql`alter table reserve_snapshot_leaves alter column user_id drop not null`.execute(db);
  await sql`create index reserve_snapshot_leaves_user_idx on reserve_snapshot_leaves (snapshot_id, user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from reserve_snapshots where leaf_count is not null`.execute(db);
  await sql`drop index reserve_snapshot_leaves_user_idx`.execute(db);
  await sql`alter table reserve_snapshot_leaves alter column user_id set not null`.execute(db);
  await sql`create unique index reserve_snapshot_leaves_user_idx on reserve_snapshot_leaves (snapshot_id, user_id)`.execute(
    db,
  );
  await sql`alter table reserve_snapshots drop column public_key`.execute(db);
  await sql`alter table reserve_snapshots drop column signature`.execute(db);
  await sql`alter table reserve_snapshots drop column leaf_count`.execute(db);
}
