import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow, layOutLeaves, shuffledIndices, splitAmount } from './split-leaves.js';

/** A deterministic RandomBelow: a linear congruential sequence, reduced to the bound. */
function seeded(seed: bigint) {
  let state = seed;
  return (bound: bigint) => {
    state = (state * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return bound <= 1n ? 0n : state % bound;
  };
}

describe('splitting a balance into shares', () => {
  it('gives non-negative shares that add up to the amount', () => {
    const random = seeded(7n);
    for (const amount of [0n, 1n, 5n, 100_037_000_000_000_000_000n, 10n ** 30n]) {
      const shares = splitAmount(amount, 4, random);
      expect(shares).toHaveLength(4);
      expect(shares.every((s) => s >= 0n)).toBe(true);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(amount);
    }
  });

  it('hides a large amount: no share is the whole of it', () => {
    const amount = 101_037_000_000_000_000_000n;
    for (let i = 0; i < 200; i++) {
      const shares = splitAmount(amount, 4, cryptoRandomBelow);
      expect(shares).not.toContain(amount);
    }
  });

  it('refuses a negative amount', () => {
    expect(() => splitAmount(-1n, 4, seeded(1n))).toThrow(RangeError);
  });

  it('draws uniformly below the bound from the CSPRNG', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 300; i++) {
      const v = cryptoRandomBelow(3n);
      expect(v >= 0n && v < 3n).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(3);
    expect(cryptoRandomBelow(1n)).toBe(0n);
    expect(cryptoRandomBelow(2n ** 80n) < 2n ** 80n).toBe(true);
  });
});

describe('laying out the leaves', () => {
  it('shuffles every index exactly once', () => {
    expect(shuffledIndices(9, seeded(3n)).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it("pads to a power of two and puts each user's leaves in different quarters", () => {
    const layout = layOutLeaves(5, 4, seeded(11n));
    expect(layout.leafCount).toBe(32);
    const all = layout.places.flat();
    expect(new Set(all).size).toBe(20);
    for (const places of layout.places)
      expect(places.map((p) => Math.floor(p / 8))).toEqual([0, 1, 2, 3]);
  });

  it('lays out one user, and none', () => {
    expect(layOutLeaves(1, 4, seeded(1n))).toEqual({ leafCount: 4, places: [[0, 1, 2, 3]] });
    expect(layOutLeaves(0, 4, seeded(1n))).toEqual({ leafCount: 4, places: [] });
  });
});
