import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildLevels,
  INR,
  leafNode,
  proofPath,
  PROOF_OF_RESERVES_MESSAGES as M,
  saltedIdOf,
  type InclusionProofFile,
  type ReserveAsset,
  type SumNode,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { readLedgerSnapshot } from './ledger-snapshot.js';
import { readReserves, type AssetReserves } from './reserves.js';
import {
  insertSnapshot,
  latestSnapshot,
  snapshotLeaves,
  type LeafRecord,
  type SnapshotRecord,
} from './repository.js';

/**
 * Takes and publishes a proof of reserves: the ledger audited and every user's holdings read at
 * one ledger position (a failing audit publishes nothing), the Merkle sum tree built over them,
 * the reserves read on chain, and all of it kept with the leaves a user's proof is rebuilt from.
 * `admin` null: taken on the schedule.
 */
export async function publishSnapshot(
  ctx: AppContext,
  admin: AdminActor | null,
): Promise<SnapshotRecord> {
  const ledger = await readLedgerSnapshot(ctx.db);
  if (!ledger.audit.ok)
    throw new AppError('CONFLICT', M.auditFailed, {
      violations: ledger.audit.violations.slice(0, 20),
    });
  // Rupees sit in the exchange's bank account, which no chain shows: the proof covers the coins.
  const tokens = ctx.core.tokens
    .all()
    .filter((t) => t.shortName !== INR)
    .sort((a, b) => (a.shortName < b.shortName ? -1 : a.shortName > b.shortName ? 1 : 0));
  const leaves = await saltedLeaves(ledger.holdings, tokens);
  const levels = await buildLevels(
    leaves.map((l) => l.node),
    tokens.length,
  );
  const root = levels[levels.length - 1]?.[0] as SumNode;
  const reserves = await readReserves(ctx, tokens);
  const snapshot: SnapshotRecord = {
    id: randomUUID(),
    createdAt: ctx.now(),
    adminId: admin?.adminId ?? null,
    ledgerPosition: ledger.position,
    rootHash: root.hash,
    rootSums: root.sums,
    assets: tokens.map((t, i) => reserveAsset(t, BigInt(root.sums[i] ?? '0'), reserves.get(t.id))),
    userCount: leaves.length,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertSnapshot(trx, snapshot, leaves);
    if (admin)
      await recordAdminAction(trx, {
        ...admin,
        action: 'reserves.published',
        targetType: 'reserves',
        targetId: snapshot.id,
        userId: null,
        before: null,
        after: { root_hash: snapshot.rootHash, users: snapshot.userCount },
        createdAt: snapshot.createdAt,
      });
  });
  trees.set(ctx, { id: snapshot.id, levels, leaves });
  return snapshot;
}

export { latestSnapshot } from './repository.js';

interface Leaf extends LeafRecord {
  node: SumNode;
}

/**
 * One leaf per user holding anything, each with a fresh random salt, in the order of their
 * salted ids: a leaf's place tells nothing of who or how old the account is.
 */
async function saltedLeaves(
  holdings: Map<string, Map<string, bigint>>,
  tokens: Token[],
): Promise<Leaf[]> {
  const leaves = await Promise.all(
    [...holdings].map(async ([userId, held]) => {
      const salt = randomBytes(16).toString('hex');
      const balances = tokens.map((t) => (held.get(t.id) ?? 0n).toString());
      const saltedId = await saltedIdOf(userId, salt);
      return { saltedId, userId, salt, balances, node: await leafNode(saltedId, balances) };
    }),
  );
  leaves.sort((a, b) => (a.saltedId < b.saltedId ? -1 : 1));
  return leaves.map(({ saltedId: _, ...leaf }, position) => ({ ...leaf, position }));
}

function reserveAsset(token: Token, owed: bigint, held: AssetReserves | undefined): ReserveAsset {
  const readings = held?.readings ?? [];
  const read = readings.some((r) => r.amount !== null);
  const reserves = held?.total ?? 0n;
  return {
    token: token.shortName,
    liabilities: formatAmount(owed),
    reserves: read ? formatAmount(reserves) : null,
    ratio_percent: read && owed > 0n ? formatAmount((reserves * 10_000n) / owed, 2) : null,
    readings,
  };
}

/** The latest snapshot's tree, kept after it is built so proofs need not rebuild it. */
const trees = new WeakMap<AppContext, { id: string; levels: SumNode[][]; leaves: LeafRecord[] }>();

async function treeOf(ctx: AppContext, snapshot: SnapshotRecord) {
  const kept = trees.get(ctx);
  if (kept?.id === snapshot.id) return kept;
  const leaves = await snapshotLeaves(ctx.db, snapshot.id);
  const nodes = await Promise.all(
    leaves.map(async (l) => leafNode(await saltedIdOf(l.userId, l.salt), l.balances)),
  );
  const levels = await buildLevels(nodes, snapshot.rootSums.length);
  if (levels[levels.length - 1]?.[0]?.hash !== snapshot.rootHash)
    throw new Error(`proof of reserves ${snapshot.id}: the kept leaves do not make its root`);
  const tree = { id: snapshot.id, levels, leaves };
  trees.set(ctx, tree);
  return tree;
}

/** The user's inclusion proof in the latest snapshot: their leaf and the path to the root. */
export async function inclusionProof(ctx: AppContext, userId: string): Promise<InclusionProofFile> {
  const snapshot = await latestSnapshot(ctx.db);
  if (!snapshot) throw new AppError('NOT_FOUND', M.noSnapshot);
  const tree = await treeOf(ctx, snapshot);
  const leaf = tree.leaves.find((l) => l.userId === userId);
  if (!leaf) throw new AppError('NOT_FOUND', M.notIncluded);
  return {
    snapshot_id: snapshot.id,
    created_at: snapshot.createdAt.toISOString(),
    assets: snapshot.assets.map((a) => a.token),
    leaf: { user_id: userId, salt: leaf.salt, balances: leaf.balances },
    path: proofPath(tree.levels, leaf.position),
    root: { hash: snapshot.rootHash, sums: snapshot.rootSums },
  };
}
