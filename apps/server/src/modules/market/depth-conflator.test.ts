import { describe, expect, it } from 'vitest';
import type { DepthChange } from '../../core/trading/market-events.js';
import { DepthConflator } from './depth-conflator.js';

const bid = (price: bigint, quantity: bigint): DepthChange => ({ side: 'buy', price, quantity });
const ask = (price: bigint, quantity: bigint): DepthChange => ({ side: 'sell', price, quantity });

describe('DepthConflator', () => {
  it('has nothing to flush before any change', () => {
    const depth = new DepthConflator();
    expect(depth.pending).toBe(false);
    expect(depth.flush()).toBeNull();
  });

  it('keeps each level at its latest total, bids high to low and asks low to high', () => {
    const depth = new DepthConflator();
    depth.add([bid(100n, 5n), ask(102n, 1n), bid(101n, 2n)], 13);
    depth.add([bid(100n, 7n), ask(103n, 4n), ask(102n, 0n)], 16);
    expect(depth.flush()).toEqual({
      bids: [
        [101n, 2n],
        [100n, 7n],
      ],
      asks: [
        [102n, 0n],
        [103n, 4n],
      ],
      seq: 16,
      prevSeq: 10,
    });
    expect(depth.pending).toBe(false);
  });

  it('chains each flush onto the one before', () => {
    const depth = new DepthConflator();
    depth.add([bid(100n, 1n)], 1);
    expect(depth.flush()?.prevSeq).toBe(0);
    depth.add([ask(105n, 3n), ask(106n, 1n)], 3);
    expect(depth.flush()).toMatchObject({ seq: 3, prevSeq: 1 });
  });

  it('reports a hole in the numbering with prevSeq -1, then chains again', () => {
    const depth = new DepthConflator();
    depth.add([bid(100n, 1n)], 1);
    depth.flush();
    // Changes 2 and 3 never arrived: this one starts after 4.
    depth.add([bid(99n, 1n)], 5);
    expect(depth.flush()).toMatchObject({ seq: 5, prevSeq: -1 });
    depth.add([bid(98n, 1n)], 6);
    expect(depth.flush()).toMatchObject({ seq: 6, prevSeq: 5 });
  });
});
