/**
 * The proof of reserves' Merkle sum tree, and the check a user runs on their inclusion proof.
 * Shared by the server (which builds the tree), the web app (which verifies in the browser) and
 * `npm run verify:reserves` (which verifies a downloaded file): one definition of every hash.
 *
 * - Amounts are integer strings of ledger units (10^-18 of a token), one per asset, in the
 *   snapshot's asset order; never negative, written without leading zeros.
 * - Every user's balances are split into `LEAVES_PER_USER` leaves of random shares (per asset,
 *   the shares add up to the balance); the tree is padded with zero dummy leaves to a power of
 *   two. A sibling in a proof is then one random share of an unlinkable leaf (or a sum of such
 *   shares), never another account's balances.
 * - A leaf's salted id is sha256("<user id>|<salt>"): the salt is random per leaf and snapshot,
 *   so the published tree tells nobody whose a leaf is, while the user can recompute their own.
 * - leaf = sha256("por-leaf|<salted id>|<shares, comma-separated>")
 * - node = sha256("por-node|<left hash>|<left sums>|<right hash>|<right sums>"): a node commits to
 *   both children's sums, not just their total, so no sibling's sum can be misstated (or hide a
 *   negative) without changing the root. A node's sums are its children's, added.
 */

export interface SumNode {
  /** sha256, lower-case hex. */
  hash: string;
  /** Per asset, ledger units. */
  sums: string[];
}

/** One step from a leaf to the root: the sibling, and on which side of us it stands. */
export interface ProofStep extends SumNode {
  side: 'left' | 'right';
}

/** One of the user's leaves: where it stands, its salt and shares, and its path to the root. */
export interface LeafProof {
  index: number;
  salt: string;
  shares: string[];
  path: ProofStep[];
}

export interface InclusionProof {
  /** Asset names, the order of every `balances`, `shares` and `sums` list. */
  assets: string[];
  /** Leaves in the tree (a power of two), dummies included. */
  leaf_count: number;
  user_id: string;
  /** The user's balances: per asset, the sum of their leaves' shares. */
  balances: string[];
  leaves: LeafProof[];
  /** The published root. */
  root: SumNode;
}

/** Leaves each user's balances are split into. */
export const LEAVES_PER_USER = 4;

export type ProofVerdict = { ok: true } | { ok: false; reason: string };

/** Why a proof is refused: English texts, translated by the web app's messages catalog. */
export const PROOF_REFUSALS = {
  badBalances: 'Your balances are malformed or negative',
  badShape: 'The proof does not describe a complete tree',
  noLeaves: 'The proof holds none of your leaves',
  sameLeaf: 'The proof lists one of your leaves twice',
  badStep: 'A step of the path has a malformed or negative sum',
  offPath: 'The path does not lead to the published root',
  badTotals: "The root's totals do not match the published totals",
  badShares: "Your leaves' shares do not add up to your balances",
} as const;

const UNITS = /^(0|[1-9]\d*)$/;
const HASH = /^[0-9a-f]{64}$/;
/** The largest tree a proof may describe: 2^40 leaves. */
const MAX_DEPTH = 40;

/** Web Crypto and TextEncoder, as browsers and Node (18+) both provide them globally. */
const web = globalThis as unknown as {
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

export async function sha256Hex(text: string): Promise<string> {
  const digest = await web.crypto.subtle.digest('SHA-256', new web.TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const saltedIdOf = (userId: string, salt: string) => sha256Hex(`${userId}|${salt}`);

export async function leafNode(saltedId: string, shares: string[]): Promise<SumNode> {
  return { hash: await sha256Hex(`por-leaf|${saltedId}|${shares.join(',')}`), sums: shares };
}

export async function parentNode(left: SumNode, right: SumNode): Promise<SumNode> {
  const hash = await sha256Hex(
    `por-node|${left.hash}|${left.sums.join(',')}|${right.hash}|${right.sums.join(',')}`,
  );
  const sums = left.sums.map((s, i) => (BigInt(s) + BigInt(right.sums[i] ?? 'x')).toString());
  return { hash, sums };
}

/**
 * Every level of the tree, leaves first, the root alone last (an empty tree has a zero root). A
 * level with an odd number of nodes carries its last node up unchanged: only snapshots taken
 * before leaves were split and padded have such levels.
 */
export async function buildLevels(leaves: SumNode[], assetCount: number): Promise<SumNode[][]> {
  let level =
    leaves.length > 0
      ? leaves
      : [{ hash: '0'.repeat(64), sums: Array<string>(assetCount).fill('0') }];
  const levels = [level];
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const [left, right] = [level[i] as SumNode, level[i + 1]];
      next.push(right ? await parentNode(left, right) : left);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from leaf `index` up to the root. */
export function proofPath(levels: SumNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  for (const level of levels.slice(0, -1)) {
    const sibling = index % 2 === 0 ? level[index + 1] : level[index - 1];
    if (sibling) path.push({ ...sibling, side: index % 2 === 0 ? 'right' : 'left' });
    index = Math.floor(index / 2);
  }
  return path;
}

function badAmounts(sums: string[], count: number): boolean {
  return sums.length !== count || sums.some((s) => !UNITS.test(s));
}

/** log2 of a power of two up to 2^MAX_DEPTH, else null. */
function depthOf(leafCount: number): number | null {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) return null;
  const depth = Math.log2(leafCount);
  return Number.isInteger(depth) && depth <= MAX_DEPTH ? depth : null;
}

/**
 * The user's check: every one of their leaves, recomputed from their id, the leaf's salt and
 * shares, leads along its path to the published root (hash and sums), each at its own place of a
 * complete tree of `leaf_count` leaves (the path's sides are the index's bits), no negative or
 * malformed sum anywhere, and per asset the shares add up to the user's balances.
 */
export async function verifyInclusionProof(proof: InclusionProof): Promise<ProofVerdict> {
  const refuse = (reason: keyof typeof PROOF_REFUSALS): ProofVerdict => ({
    ok: false,
    reason: PROOF_REFUSALS[reason],
  });
  const count = proof.assets.length;
  if (badAmounts(proof.balances, count)) return refuse('badBalances');
  const depth = depthOf(proof.leaf_count);
  if (depth === null) return refuse('badShape');
  if (proof.leaves.length === 0) return refuse('noLeaves');
  const indices = new Set(proof.leaves.map((l) => l.index));
  const salts = new Set(proof.leaves.map((l) => l.salt));
  if (indices.size !== proof.leaves.length || salts.size !== proof.leaves.length)
    return refuse('sameLeaf');
  const totals = proof.balances.map(() => 0n);
  for (const leaf of proof.leaves) {
    if (badAmounts(leaf.shares, count)) return refuse('badBalances');
    const { index, path } = leaf;
    if (!Number.isSafeInteger(index) || index < 0 || index >= proof.leaf_count)
      return refuse('badShape');
    if (path.length !== depth) return refuse('badShape');
    let node = await leafNode(await saltedIdOf(proof.user_id, leaf.salt), leaf.shares);
    for (const [level, step] of path.entries()) {
      if (!HASH.test(step.hash) || badAmounts(step.sums, count)) return refuse('badStep');
      const expected = Math.floor(index / 2 ** level) % 2 === 0 ? 'right' : 'left';
      if (step.side !== expected) return refuse('badShape');
      node = step.side === 'left' ? await parentNode(step, node) : await parentNode(node, step);
    }
    if (node.hash !== proof.root.hash) return refuse('offPath');
    if (node.sums.join(',') !== proof.root.sums.join(',')) return refuse('badTotals');
    leaf.shares.forEach((s, i) => (totals[i] = (totals[i] ?? 0n) + BigInt(s)));
  }
  if (totals.join(',') !== proof.balances.join(',')) return refuse('badShares');
  return { ok: true };
}
