import type { InclusionProofFile } from '@exchange/contracts';

/**
 * The user's own coins in a proof: those with a balance above zero, in the proof's order, in
 * ledger units (review W4-13: not every listed coin with its zero).
 */
export const heldIn = (proof: Pick<InclusionProofFile, 'assets' | 'balances'>) =>
  proof.assets.flatMap((asset, i) => {
    const units = proof.balances[i] ?? '0';
    return BigInt(units) > 0n ? [{ asset, units }] : [];
  });
