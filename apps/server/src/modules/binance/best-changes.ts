import type { BestLevels } from './dto.js';

/** Whether two best bids and asks are the same: price and quantity on both sides. */
export const sameBest = (a: BestLevels, b: BestLevels): boolean =>
  a.bidPrice === b.bidPrice &&
  a.bidQty === b.bidQty &&
  a.askPrice === b.askPrice &&
  a.askQty === b.askQty;

/**
 * `<symbol>@bookTicker` is sent when a pair's best bid or ask (price or quantity) changes: this
 * remembers what each pair's last event told, and says whether a new best is news.
 */
export class BestChanges {
  private readonly last = new Map<string, BestLevels>();

  /** True (and remembered) when `best` differs from the last one told for `symbol`. */
  changed(symbol: string, best: BestLevels): boolean {
    const last = this.last.get(symbol);
    if (last && sameBest(last, best)) return false;
    this.last.set(symbol, best);
    return true;
  }

  /** Forgets a pair (nobody follows it): its next best is news again. */
  forget(symbol: string): void {
    this.last.delete(symbol);
  }
}
