import { randomBytes } from 'node:crypto';

/** A uniformly random integer in [0, bound), bound ≥ 1. */
export type RandomBelow = (bound: bigint) => bigint;

/** `RandomBelow` from the CSPRNG: rejection sampling over whole bytes, so no value is favoured. */
export const cryptoRandomBelow: RandomBelow = (bound) => {
  if (bound <= 1n) return 0n;
  const bytes = Math.ceil((bound - 1n).toString(16).length / 2);
  const range = 1n << BigInt(bytes * 8);
  const limit = range - (range % bound);
  for (;;) {
    const value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
    if (value < limit) return value % bound;
  }
};

/**
 * `amount` split into `parts` non-negative shares that add up to it: the gaps between `parts - 1`
 * cut points drawn uniformly in [0, amount]. The gaps are exchangeable, so no share's place says
 * anything of its size, and each alone is a random fraction of the amount.
 */
export function splitAmount(amount: bigint, parts: number, random: RandomBelow): bigint[] {
  if (amount < 0n) throw new RangeError('A negative amount cannot be split');
  const cuts = Array.from({ length: parts - 1 }, () => random(amount + 1n)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const shares: bigint[] = [];
  let from = 0n;
  for (const cut of [...cuts, amount]) {
    shares.push(cut - from);
    from = cut;
  }
  return shares;
}

/** 0 … n-1 in a uniformly random order (Fisher–Yates). */
export function shuffledIndices(n: number, random: RandomBelow): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Number(random(BigInt(i + 1)));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

export interface LeafLayout {
  /** Leaves in the tree: a power of two, `parts` blocks of equal size. */
  leafCount: number;
  /** places[user][part]: the index of that user's leaf. Every other index is a dummy leaf. */
  places: number[][];
}

/**
 * Where each user's `parts` leaves stand in the tree: the tree is `parts` blocks (each a complete
 * subtree, its size the power of two at least the user count), the p-th leaf of every user in
 * block p, at a random place within it; the places left over are dummy leaves. So no subtree below
 * the blocks holds two leaves of one user (no node sums a whole balance, only the root does), and
 * the rest of the tree's shape depends on nothing but the number of users. `parts`: a power of 2.
 */
export function layOutLeaves(users: number, parts: number, random: RandomBelow): LeafLayout {
  let block = 1;
  while (block < users) block *= 2;
  const places: number[][] = Array.from({ length: users }, () => []);
  for (let part = 0; part < parts; part++) {
    const order = shuffledIndices(block, random);
    for (let user = 0; user < users; user++)
      places[user]?.push(part * block + (order[user] as number));
  }
  return { leafCount: block * parts, places };
}
