import { describe, expect, it } from 'vitest';
import { BestChanges } from './best-changes.js';

const best = (bidPrice: bigint, bidQty: bigint, askPrice = 101n, askQty = 1n) => ({
  bidPrice,
  bidQty,
  askPrice,
  askQty,
});

describe('BestChanges (when @bookTicker is sent)', () => {
  it('tells the first best, then only a change of a price or a quantity on either side', () => {
    const changes = new BestChanges();
    expect(changes.changed('BTCUSDT', best(100n, 1n))).toBe(true);
    expect(changes.changed('BTCUSDT', best(100n, 1n))).toBe(false);
    expect(changes.changed('BTCUSDT', best(100n, 2n))).toBe(true);
    expect(changes.changed('BTCUSDT', best(99n, 2n))).toBe(true);
    expect(changes.changed('BTCUSDT', best(99n, 2n, 101n, 3n))).toBe(true);
    expect(changes.changed('BTCUSDT', best(99n, 2n, 101n, 3n))).toBe(false);
  });

  it('keeps each pair apart, and tells a forgotten pair again', () => {
    const changes = new BestChanges();
    changes.changed('BTCUSDT', best(100n, 1n));
    expect(changes.changed('ETHUSDT', best(100n, 1n))).toBe(true);
    changes.forget('BTCUSDT');
    expect(changes.changed('BTCUSDT', best(100n, 1n))).toBe(true);
  });
});
