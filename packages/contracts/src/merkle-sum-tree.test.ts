import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  leafNode,
  PROOF_REFUSALS,
  proofPath,
  saltedIdOf,
  sha256Hex,
  verifyInclusionProof,
  type InclusionProof,
  type SumNode,
} from './merkle-sum-tree.js';

const ASSETS = ['BTC', 'USDT'];
/** Two users, each split into two leaves, in a tree of 8 with four dummies. */
const LEAVES: { user: string | null; salt: string; shares: string[] }[] = [
  { user: 'u1', salt: 'a1', shares: ['2', '60'] },
  { user: null, salt: 'd1', shares: ['0', '0'] },
  { user: 'u2', salt: 'b1', shares: ['0', '100'] },
  { user: null, salt: 'd2', shares: ['0', '0'] },
  { user: 'u2', salt: 'b2', shares: ['0', '150'] },
  { user: null, salt: 'd3', shares: ['0', '0'] },
  { user: null, salt: 'd4', shares: ['0', '0'] },
  { user: 'u1', salt: 'a2', shares: ['3', '40'] },
];

async function tree(): Promise<{ levels: SumNode[][]; root: SumNode }> {
  const nodes = await Promise.all(
    LEAVES.map(async (l) =>
      leafNode(await (l.user ? saltedIdOf(l.user, l.salt) : sha256Hex(l.salt)), l.shares),
    ),
  );
  const levels = await buildLevels(nodes, ASSETS.length);
  return { levels, root: levels[levels.length - 1]![0]! };
}

/** A user's proof, as the server makes it. */
async function proofOf(user: string): Promise<InclusionProof> {
  const { levels, root } = await tree();
  const leaves = LEAVES.flatMap((l, index) =>
    l.user === user
      ? [{ index, salt: l.salt, shares: l.shares, path: proofPath(levels, index) }]
      : [],
  );
  const balances = ASSETS.map((_, i) =>
    leaves.reduce((sum, l) => sum + BigInt(l.shares[i]!), 0n).toString(),
  );
  return { assets: ASSETS, leaf_count: LEAVES.length, user_id: user, balances, leaves, root };
}

const refused = (reason: keyof typeof PROOF_REFUSALS) => ({
  ok: false,
  reason: PROOF_REFUSALS[reason],
});

describe('the Merkle sum tree of split leaves', () => {
  it("sums every leaf into the root; each user's leaves verify and add up to their balances", async () => {
    const u1 = await proofOf('u1');
    expect(u1.root.sums).toEqual(['5', '350']);
    expect(u1.balances).toEqual(['5', '100']);
    expect(await verifyInclusionProof(u1)).toEqual({ ok: true });
    expect(await verifyInclusionProof(await proofOf('u2'))).toEqual({ ok: true });
    expect(u1.leaves.every((l) => l.path.length === 3)).toBe(true);
  });

  it("shows siblings' shares, never another user's balances", async () => {
    const u1 = await proofOf('u1');
    const seen = u1.leaves.flatMap((l) => l.path.map((s) => s.sums.join(',')));
    expect(seen).not.toContain('0,250');
  });

  it('refuses a tampered leaf: another share, salt or user, and balances its shares do not make', async () => {
    const proof = await proofOf('u1');
    const [first, second] = proof.leaves as [
      InclusionProof['leaves'][0],
      InclusionProof['leaves'][0],
    ];
    const richer = { ...proof, leaves: [{ ...first, shares: ['3', '60'] }, second] };
    expect(await verifyInclusionProof(richer)).toEqual(refused('offPath'));
    const resalted = { ...proof, leaves: [{ ...first, salt: 'other' }, second] };
    expect(await verifyInclusionProof(resalted)).toEqual(refused('offPath'));
    expect(await verifyInclusionProof({ ...proof, user_id: 'u2' })).toEqual(refused('offPath'));
    expect(await verifyInclusionProof({ ...proof, balances: ['5', '101'] })).toEqual(
      refused('badShares'),
    );
    expect(await verifyInclusionProof({ ...proof, leaves: [first] })).toEqual(refused('badShares'));
  });

  it('refuses one leaf counted twice, a path off its index, and a tree of another shape', async () => {
    const proof = await proofOf('u1');
    const first = proof.leaves[0]!;
    const twice = { ...proof, balances: ['4', '120'], leaves: [first, first] };
    expect(await verifyInclusionProof(twice)).toEqual(refused('sameLeaf'));
    const moved = { ...proof, leaves: [{ ...first, index: 1 }, proof.leaves[1]!] };
    expect(await verifyInclusionProof(moved)).toEqual(refused('badShape'));
    expect(await verifyInclusionProof({ ...proof, leaf_count: 6 })).toEqual(refused('badShape'));
    expect(await verifyInclusionProof({ ...proof, leaf_count: 16 })).toEqual(refused('badShape'));
    expect(await verifyInclusionProof({ ...proof, leaves: [] })).toEqual(refused('noLeaves'));
  });

  it("refuses a sibling's sum changed, made negative or malformed, and totals that differ", async () => {
    const proof = await proofOf('u2');
    const leaf = proof.leaves[0]!;
    const withStep = (sums: string[]) => ({
      ...proof,
      leaves: [
        { ...leaf, path: [leaf.path[0]!, { ...leaf.path[1]!, sums }, leaf.path[2]!] },
        proof.leaves[1]!,
      ],
    });
    expect(await verifyInclusionProof(withStep(['0', '1']))).toEqual(refused('offPath'));
    expect(await verifyInclusionProof(withStep(['-1', '0']))).toEqual(refused('badStep'));
    expect(await verifyInclusionProof(withStep(['07', '0']))).toEqual(refused('badStep'));
    const owedLess = { ...proof, root: { ...proof.root, sums: ['5', '300'] } };
    expect(await verifyInclusionProof(owedLess)).toEqual(refused('badTotals'));
    const negative = { ...proof, balances: ['-5', '250'] };
    expect(await verifyInclusionProof(negative)).toEqual(refused('badBalances'));
    const negativeShare = {
      ...proof,
      leaves: [{ ...leaf, shares: ['-1', '100'] }, proof.leaves[1]!],
    };
    expect(await verifyInclusionProof(negativeShare)).toEqual(refused('badBalances'));
  });
});
