import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../core/money.js';
import { averageCost, averagePrice, unrealised, type HoldingEvent } from './average-cost.js';

const u = (s: string) => parseAmount(s) as bigint;

describe('average cost', () => {
  it('matches a hand computation of buys, a deposit, sells and a withdrawal', () => {
    const events: HoldingEvent[] = [
      // Buy 2 at 100 = 200; deposit 1 valued at 130 → 3 held for 330, average 110.
      { kind: 'buy', quantity: u('2'), cost: u('200') },
      { kind: 'deposit', quantity: u('1'), cost: u('130') },
      // Sell 1.5 for 180: realised 180 − 1.5 × 110 = 15; 1.5 left at 110 (165).
      { kind: 'sell', quantity: u('1.5'), proceeds: u('180') },
      // Buy 0.5 for 65 → 2 held for 230, average 115.
      { kind: 'buy', quantity: u('0.5'), cost: u('65') },
      // Withdraw 0.4 → 1.6 held for 184, average still 115, nothing realised.
      { kind: 'withdrawal', quantity: u('0.4') },
      // Sell 0.6 for 60: realised 60 − 69 = −9; total realised 6; 1 held for 115.
      { kind: 'sell', quantity: u('0.6'), proceeds: u('60') },
    ];
    const p = averageCost(events);
    expect(formatAmount(p.quantity)).toBe('1');
    expect(formatAmount(p.cost)).toBe('115');
    expect(formatAmount(p.realised)).toBe('6');
    expect(formatAmount(averagePrice(p) as bigint)).toBe('115');
    // At a last price of 120: 1 × 120 − 115.
    expect(formatAmount(unrealised(p, u('120')))).toBe('5');
  });

  it('sells more than the records show at the cost there is, and holds nothing after', () => {
    const p = averageCost([
      { kind: 'buy', quantity: u('1'), cost: u('50') },
      { kind: 'sell', quantity: u('2'), proceeds: u('120') },
    ]);
    expect(p).toEqual({ quantity: 0n, cost: 0n, realised: u('70') });
    expect(averagePrice(p)).toBeNull();
  });
});
