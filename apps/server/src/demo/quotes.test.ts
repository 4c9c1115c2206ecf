import { describe, expect, it } from 'vitest';
import { ladder, planQuotes } from './quotes.js';

describe('the quote ladder', () => {
  it('sits on a fixed grid around the mid, best prices first', () => {
    expect(ladder(1005, 10, 3)).toEqual({ bids: [1000, 990, 980], asks: [1010, 1020, 1030] });
    // On a grid price the mid keeps a step clear on both sides.
    expect(ladder(1000, 10, 2)).toEqual({ bids: [990, 980], asks: [1010, 1020] });
    expect(ladder(15, 10, 3).bids).toEqual([10]);
  });

  it('moves only the edge levels when the mid crosses one step', () => {
    const before = ladder(1005, 10, 3);
    const resting = [
      ...before.bids.map((p, i) => ({ id: i + 1, side: 'buy' as const, priceTicks: p })),
      ...before.asks.map((p, i) => ({ id: i + 10, side: 'sell' as const, priceTicks: p })),
    ];
    const plan = planQuotes(resting, ladder(1015, 10, 3));
    // The bid at 980 and the ask at 1010 go; a bid at 1010 and an ask at 1040 come.
    expect(plan.cancel.sort((a, b) => a - b)).toEqual([3, 10]);
    expect(plan.place).toEqual([
      { side: 'buy', priceTicks: 1010, level: 0 },
      { side: 'sell', priceTicks: 1040, level: 2 },
    ]);
  });

  it('cancels a second order on the same price', () => {
    const plan = planQuotes(
      [
        { id: 1, side: 'buy', priceTicks: 1000 },
        { id: 2, side: 'buy', priceTicks: 1000 },
      ],
      { bids: [1000], asks: [] },
    );
    expect(plan).toEqual({ cancel: [2], place: [] });
  });
});
