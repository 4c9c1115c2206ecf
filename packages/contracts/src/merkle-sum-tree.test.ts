import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  leafNode,
  proofPath,
  saltedIdOf,
  verifyInclusionProof,
  type InclusionProof,
} from './merkle-sum-tree.js';

const ASSETS = ['BTC', 'USDT'];
const USERS = [
  { id: 'u1', salt: 's1', balances: ['5', '100'] },
  { id: 'u2', salt: 's2', balances: ['0', '250'] },
  { id: 'u3', salt: 's3', balances: ['7', '0'] },
  { id: 'u4', salt: 's4', balances: ['1', '1'] },
  { id: 'u5', salt: 's5', balances: ['2', '3'] },
];

/** The tree over USERS and each user's proof, as the server makes them. */
async function proofs(): Promise<InclusionProof[]> {
  const leaves = await Promise.all(
    USERS.map(async (u) => leafNode(await saltedIdOf(u.id, u.salt), u.balances)),
  );
  const levels = await buildLevels(leaves, ASSETS.length);
  const root = levels[levels.length - 1]![0]!;
  return USERS.map((u, i) => ({
    assets: ASSETS,
    leaf: { user_id: u.id, salt: u.salt, balances: u.balances },
    path: proofPath(levels, i),
    root,
  }));
}

describe('the Merkle sum tree', () => {
  it('sums every leaf into the root and verifies each user, the odd one out included', async () => {
    const all = await proofs();
    expect(all[0]!.root.sums).toEqual(['15', '354']);
    for (const proof of all) expect(await verifyInclusionProof(proof)).toEqual({ ok: true });
    expect(all[4]!.path).toHaveLength(1);
  });

  it('refuses a tampered leaf: another balance, salt or user', async () => {
    const [proof] = await proofs();
    const richer = { ...proof!, leaf: { ...proof!.leaf, balances: ['6', '100'] } };
    expect(await verifyInclusionProof(richer)).toEqual({
      ok: false,
      reason: 'The path does not lead to the published root',
    });
    const resalted = { ...proof!, leaf: { ...proof!.leaf, salt: 'other' } };
    expect((await verifyInclusionProof(resalted)).ok).toBe(false);
    const someoneElse = { ...proof!, leaf: { ...proof!.leaf, user_id: 'u2' } };
    expect((await verifyInclusionProof(someoneElse)).ok).toBe(false);
  });

  it("refuses a sibling's sum changed, made negative or malformed, and totals that differ", async () => {
    const [, proof] = await proofs();
    const step = proof!.path[1]!;
    const shifted = { ...proof!, path: [proof!.path[0]!, { ...step, sums: ['0', '354'] }] };
    expect(await verifyInclusionProof(shifted)).toMatchObject({ ok: false });
    const negative = { ...proof!, path: [proof!.path[0]!, { ...step, sums: ['-1', '0'] }] };
    expect(await verifyInclusionProof(negative)).toEqual({
      ok: false,
      reason: 'Step 2 of the path has a malformed or negative sum',
    });
    const padded = { ...proof!, path: [proof!.path[0]!, { ...step, sums: ['07', '0'] }] };
    expect((await verifyInclusionProof(padded)).ok).toBe(false);
    const owedLess = { ...proof!, root: { ...proof!.root, sums: ['15', '300'] } };
    expect(await verifyInclusionProof(owedLess)).toEqual({
      ok: false,
      reason: "The root's totals do not match the published totals",
    });
    const negativeLeaf = { ...proof!, leaf: { ...proof!.leaf, balances: ['-5', '100'] } };
    expect(await verifyInclusionProof(negativeLeaf)).toEqual({
      ok: false,
      reason: 'Your balances are malformed or negative',
    });
  });
});
