import type { ReserveAsset } from '@exchange/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ReserveSnapshotsTable } from '../../db/schema-wallets.js';

export interface SnapshotRecord {
  id: string;
  createdAt: Date;
  adminId: string | null;
  ledgerPosition: string | null;
  rootHash: string;
  rootSums: string[];
  assets: ReserveAsset[];
  userCount: number;
  /** null: taken before leaves were split and roots signed. */
  leafCount: number | null;
  signature: { value: string; publicKey: string } | null;
}

/** One leaf: a share of a user's balances, or a dummy (`userId` null, every share zero). */
export interface LeafRecord {
  position: number;
  userId: string | null;
  salt: string;
  /** The leaf's shares per asset (the user's whole balances on snapshots taken before). */
  balances: string[];
}

/** Leaves written per statement. */
const LEAF_CHUNK = 1000;

/** Writes a snapshot with its leaves; the caller's transaction publishes them together. */
export async function insertSnapshot(
  trx: Db,
  snapshot: SnapshotRecord,
  leaves: LeafRecord[],
): Promise<void> {
  await trx
    .insertInto('reserve_snapshots')
    .values({
      id: snapshot.id,
      created_at: snapshot.createdAt,
      admin_id: snapshot.adminId,
      ledger_position: snapshot.ledgerPosition,
      root_hash: snapshot.rootHash,
      root_sums: JSON.stringify(snapshot.rootSums),
      assets: JSON.stringify(snapshot.assets),
      user_count: snapshot.userCount,
      leaf_count: snapshot.leafCount,
      signature: snapshot.signature?.value ?? null,
      public_key: snapshot.signature?.publicKey ?? null,
    })
    .execute();
  for (let i = 0; i < leaves.length; i += LEAF_CHUNK) {
    const rows = leaves.slice(i, i + LEAF_CHUNK).map((l) => ({
      snapshot_id: snapshot.id,
      position: l.position,
      user_id: l.userId,
      salt: l.salt,
      balances: JSON.stringify(l.balances),
    }));
    await trx.insertInto('reserve_snapshot_leaves').values(rows).execute();
  }
}

type SnapshotRow = Selectable<ReserveSnapshotsTable>;

function toRecord(row: SnapshotRow): SnapshotRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    adminId: row.admin_id,
    ledgerPosition: row.ledger_position,
    rootHash: row.root_hash,
    rootSums: row.root_sums,
    assets: row.assets,
    userCount: row.user_count,
    leafCount: row.leaf_count,
    signature:
      row.signature && row.public_key ? { value: row.signature, publicKey: row.public_key } : null,
  };
}

/** The newest published snapshot, or null before the first. */
export async function latestSnapshot(db: Db): Promise<SnapshotRecord | null> {
  const row = await db
    .selectFrom('reserve_snapshots')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A page of every published snapshot, newest first, and how many there are. */
export async function snapshotHistory(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: SnapshotRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('reserve_snapshots')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('reserve_snapshots')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRecord), total: Number(count.n) };
}

/** Every leaf of a snapshot, in tree order. */
export async function snapshotLeaves(db: Db, snapshotId: string): Promise<LeafRecord[]> {
  const rows = await db
    .selectFrom('reserve_snapshot_leaves')
    .select(['position', 'user_id', 'salt', 'balances'])
    .where('snapshot_id', '=', snapshotId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    position: r.position,
    userId: r.user_id,
    salt: r.salt,
    balances: r.balances,
  }));
}
