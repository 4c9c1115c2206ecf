/**
 * The proof of reserves' Merkle sum tree, and the check a user runs on their inclusion proof.
 * Shared by the server (which builds the tree), the web app (which verifies in the browser) and
 * `npm run verify:reserves` (which verifies a downloaded file): one definition of every hash.
 *
 * - Amounts are integer strings of ledger units (10^-18 of a token), one per asset, in the
 *   snapshot's asset order; never negative, written without leading zeros.
 * - A user's salted id is sha256("<user id>|<salt>"): the salt is random per user and snapshot,
 *   so the published tree tells nobody who holds what, while the user can recompute their own.
 * - leaf = sha256("por-leaf|<salted id>|<balances, comma-separated>")
 * - node = sha256("por-node|<left hash>|<left sums>|<right hash>|<right sums>"): a node commits to
 *   both children's sums, not just their total, so no sibling's sum can be misstated (or hide a
 *   negative) without changing the root. A node's sums are its children's, added.
 * - A level with an odd number of nodes carries its last node up unchanged (no step in a proof).
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

export interface InclusionProof {
  /** Asset names, the order of every `balances` and `sums` list. */
  assets: string[];
  leaf: { user_id: string; salt: string; balances: string[] };
  path: ProofStep[];
  /** The published root. */
  root: SumNode;
}

export type ProofVerdict = { ok: true } | { ok: false; reason: string };

const UNITS = /^(0|[1-9]\d*)$/;
const HASH = /^[0-9a-f]{64}$/;

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

export async function leafNode(saltedId: string, balances: string[]): Promise<SumNode> {
  return { hash: await sha256Hex(`por-leaf|${saltedId}|${balances.join(',')}`), sums: balances };
}

export async function parentNode(left: SumNode, right: SumNode): Promise<SumNode> {
  const hash = await sha256Hex(
    `por-node|${left.hash}|${left.sums.join(',')}|${right.hash}|${right.sums.join(',')}`,
  );
  const sums = left.sums.map((s, i) => (BigInt(s) + BigInt(right.sums[i] ?? 'x')).toString());
  return { hash, sums };
}

/** Every level of the tree, leaves first, the root alone last (an empty tree has a zero root). */
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

/**
 * Recomputes the root from the user's own leaf and the path, refusing any amount that is
 * negative or malformed: the proof holds when the result is the published root, hash and sums.
 */
export async function verifyInclusionProof(proof: InclusionProof): Promise<ProofVerdict> {
  const count = proof.assets.length;
  const { leaf } = proof;
  if (badAmounts(leaf.balances, count))
    return { ok: false, reason: 'Your balances are malformed or negative' };
  let node = await leafNode(await saltedIdOf(leaf.user_id, leaf.salt), leaf.balances);
  for (const [i, step] of proof.path.entries()) {
    if (!HASH.test(step.hash) || badAmounts(step.sums, count))
      return { ok: false, reason: `Step ${i + 1} of the path has a malformed or negative sum` };
    node = step.side === 'left' ? await parentNode(step, node) : await parentNode(node, step);
  }
  if (node.hash !== proof.root.hash)
    return { ok: false, reason: 'The path does not lead to the published root' };
  if (node.sums.join(',') !== proof.root.sums.join(','))
    return { ok: false, reason: "The root's totals do not match the published totals" };
  return { ok: true };
}
