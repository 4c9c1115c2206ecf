import { parseAmount } from '../core/money.js';
import type { Approval } from '../core/records.js';
import type { Token } from '../core/tokens.js';
import { UnitOfWork } from '../core/unit-of-work.js';
import type { MarketEvidence } from '../modules/reviews/valuation.js';

/**
 * Just what the four-eyes and valuation functions need, without an app or a database: a coin, a
 * market's 24 h evidence, a request under review and a unit of work to record approvals in.
 */

/** Ledger units of a decimal amount such as '2.5'. */
export function units(amount: string): bigint {
  const value = parseAmount(amount);
  if (value === null) throw new Error(`not an amount: ${amount}`);
  return value;
}

export function coin(shortName: string): Token {
  return { id: `${shortName}-id`, name: shortName, shortName, decimals: 8, networks: [] };
}

/** A market whose trades were `trades` ([price, base quantity], decimals) in the last 24 h. */
export function marketOf(trades: [string, string][], halted = false): MarketEvidence {
  let volume = 0n;
  let quoteVolume = 0n;
  for (const [price, quantity] of trades) {
    volume += units(quantity);
    quoteVolume += (units(price) * units(quantity)) / units('1');
  }
  return { halted, volume, quoteVolume, prices: trades.map(([price]) => units(price)) };
}

/** `count` trades of `quantity` at `price`. */
export const tradesAt = (count: number, price: string, quantity = '1'): [string, string][] =>
  Array.from({ length: count }, () => [price, quantity]);

/** A deposit or withdrawal of `userId` awaiting review, with the approvals so far. */
export function underReview(userId: string, approvals: Approval[] = []) {
  return { userId, approvals };
}

export const admin = (adminId: string) => ({ adminId, ip: '127.0.0.1' });

export const workAt = (now = new Date('2026-11-26T12:00:00Z')) => new UnitOfWork(now);
