import type { OrderStore } from './order-store.js';
import { PriceLevel } from './price-level.js';
import type { Level, Side } from './types.js';

/**
 * The price levels of one side in a sorted array whose LAST element is the best price
 * (bids ascending, asks descending), so taking and adding near the top of the book, where
 * almost all activity is, moves few elements. A map finds a level by price in O(1).
 */
export class BookSide {
  readonly levels: PriceLevel[] = [];
  readonly byPrice = new Map<number, PriceLevel>();
  /** +1 for bids (higher is better), -1 for asks. */
  private readonly direction: 1 | -1;

  constructor(
    readonly side: Side,
    private readonly store: OrderStore,
  ) {
    this.direction = side === 'buy' ? 1 : -1;
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** The level at `price`, created in its sorted place if missing. */
  levelAt(price: number): PriceLevel {
    const found = this.byPrice.get(price);
    if (found) return found;
    const level = new PriceLevel(price, this.store);
    this.byPrice.set(price, level);
    const levels = this.levels;
    const key = price * this.direction;
    const top = levels[levels.length - 1];
    if (top === undefined || top.price * this.direction < key) levels.push(level);
    else levels.splice(this.insertionIndex(key), 0, level);
    return level;
  }

  remove(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) levels.pop();
    else levels.splice(this.insertionIndex(level.price * this.direction), 1);
  }

  /** Index of the first level whose direction-adjusted price is >= key. */
  private insertionIndex(key: number): number {
    const levels = this.levels;
    const direction = this.direction;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((levels[mid] as PriceLevel).price * direction < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The best `n` levels as [price, quantity], best first. */
  top(n: number): Level[] {
    const out: Level[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < n; i--) {
      const level = this.levels[i] as PriceLevel;
      out.push([level.price, level.total]);
    }
    return out;
  }
}
