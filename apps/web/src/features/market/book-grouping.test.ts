import { describe, expect, it } from 'vitest';
import { depthCurve, groupBook, groupStep, spreadOf } from './book-grouping';

const view = {
  asks: [
    { price: '100.05', amount: '1' },
    { price: '100.1', amount: '2' },
    { price: '100.15', amount: '0.5' },
    { price: '101', amount: '1.5' },
  ],
  bids: [
    { price: '99.95', amount: '2' },
    { price: '99.9', amount: '1' },
    { price: '99.05', amount: '3' },
  ],
};

describe('order book grouping', () => {
  it('shows each level as its own row without a step, with totals and cumulative depth bars', () => {
    const { asks, bids } = groupBook(view);
    expect(asks.map((r) => [r.price, r.amount, r.total])).toEqual([
      ['100.05', '1', '100.05'],
      ['100.1', '2', '200.2'],
      ['100.15', '0.5', '50.075'],
      ['101', '1.5', '151.5'],
    ]);
    // Cumulative amounts: asks 1, 3, 3.5, 5; bids 2, 3, 6: the deepest is the bids' 6.
    expect(asks.map((r) => r.depth)).toEqual([1 / 6, 3 / 6, 3.5 / 6, 5 / 6]);
    expect(bids.map((r) => r.depth)).toEqual([2 / 6, 3 / 6, 1]);
  });

  it('rounds asks up and bids down to the step, summing amounts and totals', () => {
    const { asks, bids } = groupBook(view, '0.1');
    expect(asks.map((r) => [r.price, r.amount, r.total])).toEqual([
      ['100.1', '3', '300.25'],
      ['100.2', '0.5', '50.075'],
      ['101', '1.5', '151.5'],
    ]);
    expect(bids.map((r) => [r.price, r.amount])).toEqual([
      ['99.9', '3'],
      ['99', '3'],
    ]);
    const whole = groupBook(view, '1');
    expect(whole.asks.map((r) => [r.price, r.amount])).toEqual([['101', '5']]);
    expect(whole.bids.map((r) => [r.price, r.amount])).toEqual([['99', '6']]);
  });

  it('shows at most 12 groups a side', () => {
    const asks = Array.from({ length: 40 }, (_, i) => ({ price: String(100 + i), amount: '1' }));
    expect(groupBook({ asks, bids: [] }).asks).toHaveLength(12);
    const tens = groupBook({ asks, bids: [] }, '10').asks;
    expect(tens.map((r) => [r.price, r.amount])).toEqual([
      ['100', '1'],
      ['110', '10'],
      ['120', '10'],
      ['130', '10'],
      ['140', '9'],
    ]);
  });

  it('names the steps from the tick, states the spread, draws the depth', () => {
    expect([1, 10, 100, 1000].map((f) => groupStep('0.01', f))).toEqual(['0.01', '0.1', '1', '10']);
    expect(spreadOf(view)).toEqual({ spread: '0.1', percent: '0.100' });
    expect(spreadOf({ asks: [], bids: view.bids })).toBeNull();
    expect(depthCurve(view.bids)).toEqual([
      { price: 99.95, depth: 2 },
      { price: 99.9, depth: 3 },
      { price: 99.05, depth: 6 },
    ]);
  });
});
