import type { OrderBookUpdate, PriceLevel } from '@exchange/contracts';
import { compareDec, parseDec } from '@/lib/decimal';

/** One price level: its price and the amount resting there. */
export interface BookLevel {
  price: string;
  amount: string;
}

/** Every level the client holds, best first on each side (the rows are grouped from them). */
export interface BookView {
  asks: BookLevel[];
  bids: BookLevel[];
}

/** The book as the client keeps it: price → amount per side, and the depth sequence held. */
export interface LiveBook {
  asks: Map<string, string>;
  bids: Map<string, string>;
  seq: number;
}

const positive = (amount: string) => (parseDec(amount)?.units ?? 0n) > 0n;

function setLevels(side: Map<string, string>, levels: readonly PriceLevel[]) {
  for (const [price, amount] of levels) {
    // Merge by price level: an existing level takes the new amount, a new one is added;
    // zero or negative amounts are dropped (spec section 2).
    if (positive(amount)) side.set(price, amount);
    else side.delete(price);
  }
}

export function bookFromSnapshot(snapshot: {
  asks: PriceLevel[];
  bids: PriceLevel[];
  seq: number;
}): LiveBook {
  const book: LiveBook = { asks: new Map(), bids: new Map(), seq: snapshot.seq };
  setLevels(book.asks, snapshot.asks);
  setLevels(book.bids, snapshot.bids);
  return book;
}

export type ApplyResult = 'applied' | 'stale' | 'gap';

/**
 * The README's sequence rules: skip an update whose `seq` ≤ ours; apply one whose `prev_seq` ≤
 * ours (amounts are totals, so re-applying is harmless); a larger `prev_seq` means changes were
 * missed and the book must be fetched again (so does `prev_seq` -1: the server rebuilt its books).
 */
export function applyUpdate(book: LiveBook, update: OrderBookUpdate): ApplyResult {
  if (update.prev_seq < 0) return 'gap';
  if (update.seq <= book.seq) return 'stale';
  if (update.prev_seq > book.seq) return 'gap';
  setLevels(book.asks, update.asks);
  setLevels(book.bids, update.bids);
  book.seq = update.seq;
  return 'applied';
}

function levels(side: Map<string, string>, descending: boolean): BookLevel[] {
  const parsed = [...side].map(([price, amount]) => ({
    price,
    amount,
    p: parseDec(price) ?? { units: 0n, scale: 0 },
  }));
  parsed.sort((x, y) => (descending ? compareDec(y.p, x.p) : compareDec(x.p, y.p)));
  return parsed.map(({ price, amount }) => ({ price, amount }));
}

/** The levels held: asks ascending and bids descending, best first. */
export const viewOf = (book: LiveBook): BookView => ({
  asks: levels(book.asks, false),
  bids: levels(book.bids, true),
});
