import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildLevels,
  INR,
  leafNode,
  LEAVES_PER_USER,
  proofPath,
  PROOF_OF_RESERVES_MESSAGES as M,
  saltedIdOf,
  sha256Hex,
  signedRootMessage,
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
import { reservesSigner } from './signing-key.js';
import { cryptoRandomBelow, layOutLeaves, splitAmount } from './split-leaves.js';
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
  const leaves = await splitLeaves(ledger.holdings, tokens);
  const levels = await buildLevels(
    leaves.map((l) => l.node),
    tokens.length,
  );
  const root = levels[levels.length - 1]?.[0] as SumNode;
  const reserves = await readReserves(ctx, tokens);
  const signer = await reservesSigner(ctx.config);
  const unsigned: SnapshotRecord = {
    id: randomUUID(),
    createdAt: ctx.now(),
    adminId: admin?.adminId ?? null,
    ledgerPosition: ledger.position,
    rootHash: root.hash,
    rootSums: root.sums,
    assets: tokens.map((t, i) => reserveAsset(t, BigInt(root.sums[i] ?? '0'), reserves.get(t.id))),
    userCount: ledger.holdings.size,
    leafCount: leaves.length,
    signature: null,
  };
  const message = signedRootMessage({
    snapshot_id: unsigned.id,
    created_at: unsigned.createdAt.toISOString(),
    ledger_position: unsigned.ledgerPosition,
    user_count: unsigned.userCount,
    leaf_count: leaves.length,
    assets: tokens.map((t) => t.shortName),
    root_hash: root.hash,
    root_sums: root.sums,
  });
  const snapshot: SnapshotRecord = {
    ...unsigned,
    signature: { value: signer.sign(message), publicKey: signer.publicKey },
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

export { latestSnapshot, snapshotHistory } from './repository.js';

interface Leaf extends LeafRecord {
  node: SumNode;
}

/** A dummy leaf's salted id: no user's, and as random as theirs. */
const dummyIdOf = (salt: string) => sha256Hex(`dummy|${salt}`);

const leafNodeOf = async (l: LeafRecord) =>
  leafNode(await (l.userId ? saltedIdOf(l.userId, l.salt) : dummyIdOf(l.salt)), l.balances);

/**
 * Every user holding anything gets `LEAVES_PER_USER` leaves, each with its own fresh salt and, per
 * asset, a random share of the balance (`splitAmount`), placed by `layOutLeaves` (one in each
 * block of the tree, at a random place); every place left is a dummy leaf of zero shares. A
 * sibling in a proof is then a random share of an unlinkable leaf, never an account's balances.
 */
async function splitLeaves(
  holdings: Map<string, Map<string, bigint>>,
  tokens: Token[],
): Promise<Leaf[]> {
  const users = [...holdings];
  const layout = layOutLeaves(users.length, LEAVES_PER_USER, cryptoRandomBelow);
  const zero = tokens.map(() => '0');
  const records: LeafRecord[] = Array.from({ length: layout.leafCount }, (_, position) => ({
    position,
    userId: null,
    salt: randomBytes(16).toString('hex'),
    balances: zero,
  }));
  users.forEach(([userId, held], u) => {
    const shares = tokens.map((t) =>
      splitAmount(held.get(t.id) ?? 0n, LEAVES_PER_USER, cryptoRandomBelow),
    );
    layout.places[u]?.forEach((position, part) => {
      const record = records[position] as LeafRecord;
      record.userId = userId;
      record.balances = shares.map((s) => (s[part] as bigint).toString());
    });
  });
  return Promise.all(records.map(async (r) => ({ ...r, node: await leafNodeOf(r) })));
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
  const nodes = await Promise.all(leaves.map(leafNodeOf));
  const levels = await buildLevels(nodes, snapshot.rootSums.length);
  if (levels[levels.length - 1]?.[0]?.hash !== snapshot.rootHash)
    throw new Error(`proof of reserves ${snapshot.id}: the kept leaves do not make its root`);
  const tree = { id: snapshot.id, levels, leaves };
  trees.set(ctx, tree);
  return tree;
}

/**
 * The user's inclusion proof in the latest snapshot: every one of their leaves with its path to
 * the root, and the exchange's signature on the root.
 */
export async function inclusionProof(ctx: AppContext, userId: string): Promise<InclusionProofFile> {
  const snapshot = await latestSnapshot(ctx.db);
  if (!snapshot) throw new AppError('NOT_FOUND', M.noSnapshot);
  const { leafCount, signature } = snapshot;
  if (leafCount === null || !signature) throw new AppError('NOT_FOUND', M.unsigned);
  const tree = await treeOf(ctx, snapshot);
  const mine = tree.leaves.filter((l) => l.userId === userId);
  if (mine.length === 0) throw new AppError('NOT_FOUND', M.notIncluded);
  const balances = snapshot.rootSums.map((_, i) =>
    mine.reduce((sum, l) => sum + BigInt(l.balances[i] ?? '0'), 0n).toString(),
  );
  return {
    snapshot_id: snapshot.id,
    created_at: snapshot.createdAt.toISOString(),
    ledger_position: snapshot.ledgerPosition,
    user_count: snapshot.userCount,
    leaf_count: leafCount,
    assets: snapshot.assets.map((a) => a.token),
    user_id: userId,
    balances,
    leaves: mine.map((l) => ({
      index: l.position,
      salt: l.salt,
      shares: l.balances,
      path: proofPath(tree.levels, l.position),
    })),
    root: { hash: snapshot.rootHash, sums: snapshot.rootSums },
    signature: { algorithm: 'Ed25519', public_key: signature.publicKey, value: signature.value },
  };
}

/** The key the exchange signs its roots with, as published. */
export async function signingKey(ctx: AppContext) {
  return {
    algorithm: 'Ed25519' as const,
    public_key: (await reservesSigner(ctx.config)).publicKey,
  };
}
