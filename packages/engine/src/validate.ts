import type { BookSide } from './book-side.js';
import type { OrderBook } from './order-book.js';
import { NONE } from './order-store.js';
import type { PriceLevel } from './price-level.js';

/** Every broken internal invariant of a book, as readable messages; empty when sound. */
export function validateBook(book: OrderBook): string[] {
  const problems: string[] = [];
  let counted = 0;
  for (const side of [book.bids, book.asks]) counted += validateSide(book, side, problems);
  if (counted !== book.orders.size)
    problems.push(`index holds ${book.orders.size} orders, levels ${counted}`);
  const bid = book.bids.best();
  const ask = book.asks.best();
  if (bid && ask && bid.price >= ask.price)
    problems.push(`crossed: bid ${bid.price} >= ask ${ask.price}`);
  return problems;
}

function validateSide(book: OrderBook, side: BookSide, problems: string[]): number {
  const where = `${book.symbol} ${side.side}`;
  const direction = side.side === 'buy' ? 1 : -1;
  if (side.byPrice.size !== side.levels.length)
    problems.push(`${where}: level map and array differ`);
  let orders = 0;
  let previous: PriceLevel | undefined;
  for (const level of side.levels) {
    if (previous && previous.price * direction >= level.price * direction) {
      problems.push(`${where}: levels out of order at ${level.price}`);
    }
    if (side.byPrice.get(level.price) !== level)
      problems.push(`${where}: level ${level.price} not indexed`);
    orders += validateLevel(book, side, level, problems);
    previous = level;
  }
  return orders;
}

function validateLevel(
  book: OrderBook,
  side: BookSide,
  level: PriceLevel,
  problems: string[],
): number {
  const where = `${book.symbol} ${side.side} ${level.price}`;
  const store = book.orders;
  let total = 0;
  let count = 0;
  let prev = NONE;
  for (let slot = level.head; slot !== NONE; slot = store.next(slot)) {
    const o = book.view(slot);
    if (store.prev(slot) !== prev)
      problems.push(`${where}: broken back link at order ${o.orderId}`);
    if (o.price !== level.price || o.side !== side.side)
      problems.push(`${where}: order ${o.orderId} misplaced`);
    if (!(o.remaining > 0) || !Number.isSafeInteger(o.remaining)) {
      problems.push(`${where}: order ${o.orderId} remaining ${o.remaining}`);
    }
    if (store.slotOf(o.orderId) !== slot) problems.push(`${where}: order ${o.orderId} not indexed`);
    total += o.remaining;
    count++;
    prev = slot;
    if (count > store.size) {
      problems.push(`${where}: queue loops`);
      break;
    }
  }
  if (level.tail !== prev) problems.push(`${where}: tail is not the last order`);
  if (count === 0) problems.push(`${where}: empty level kept`);
  if (count !== level.count) problems.push(`${where}: count ${level.count}, found ${count}`);
  if (total !== level.total) problems.push(`${where}: total ${level.total}, found ${total}`);
  return count;
}
