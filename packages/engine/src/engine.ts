import { OrderBook } from './order-book.js';
import { hashSnapshot } from './state-hash.js';
import type { BookSpec, Command, Depth, EventSink, Level, OrderView } from './types.js';
import { NONE } from './order-store.js';
import type { BookSnapshot, EngineSnapshot, SnapshotOrder } from './snapshot.js';

/** Many books, one per symbol. Deterministic: the same commands give the same events and state. */
export class Engine {
  private readonly books = new Map<string, OrderBook>();

  addBook(spec: BookSpec): OrderBook {
    if (this.books.has(spec.symbol)) throw new Error(`book ${spec.symbol} already exists`);
    const book = new OrderBook(spec);
    this.books.set(spec.symbol, book);
    return book;
  }

  book(symbol: string): OrderBook | undefined {
    return this.books.get(symbol);
  }

  /** Forgets a book (a listing taken back before anything reached it). */
  removeBook(symbol: string): void {
    this.books.delete(symbol);
  }

  /** Replaces a book with an empty one of the same spec, to be refilled with `restoreOrder`. */
  resetBook(symbol: string): OrderBook {
    const old = this.books.get(symbol);
    if (!old) throw new Error(`book ${symbol} does not exist`);
    const book = new OrderBook(old.spec);
    book.halted = old.halted;
    this.books.set(symbol, book);
    return book;
  }

  symbols(): string[] {
    return [...this.books.keys()];
  }

  execute(command: Command, sink: EventSink): void {
    const book = this.books.get(command.symbol);
    if (book === undefined) {
      const orderId = 'orderId' in command ? command.orderId : 0;
      sink.push({ type: 'rejected', symbol: command.symbol, orderId, code: 'UNKNOWN_BOOK' });
      return;
    }
    switch (command.type) {
      case 'limit':
        return book.placeLimit(command, sink);
      case 'market':
        return book.placeMarket(command, sink);
      case 'cancel':
        return book.cancel(command, sink);
      case 'reduce':
        return book.reduce(command, sink);
      case 'halt':
      case 'resume':
        return book.setHalted(command.type === 'halt', sink);
    }
  }

  depth(symbol: string, levels: number): Depth | undefined {
    return this.books.get(symbol)?.depth(levels);
  }

  bestBid(symbol: string): Level | undefined {
    return this.books.get(symbol)?.bids.top(1)[0];
  }

  bestAsk(symbol: string): Level | undefined {
    return this.books.get(symbol)?.asks.top(1)[0];
  }

  order(symbol: string, orderId: number): OrderView | undefined {
    return this.books.get(symbol)?.order(orderId);
  }

  snapshot(): EngineSnapshot {
    return { version: 1, books: [...this.books.values()].map(snapshotBook) };
  }

  static restore(snapshot: EngineSnapshot): Engine {
    if (snapshot.version !== 1)
      throw new Error(`unsupported snapshot version ${String(snapshot.version)}`);
    const engine = new Engine();
    for (const saved of snapshot.books) {
      const book = engine.addBook(saved.spec);
      book.halted = saved.halted;
      book.depthSeq = saved.depthSeq;
      book.tradeSeq = saved.tradeSeq;
      for (const [orderId, account, side, price, remaining, filled] of saved.orders) {
        book.restoreOrder({ orderId, account, side, price, remaining, filled });
      }
    }
    return engine;
  }

  /** A hash of everything that decides future behaviour; equal states give equal hashes. */
  stateHash(): string {
    return hashSnapshot(this.snapshot());
  }
}

function snapshotBook(book: OrderBook): BookSnapshot {
  const orders: SnapshotOrder[] = [];
  for (const side of [book.bids, book.asks]) {
    for (let i = side.levels.length - 1; i >= 0; i--) {
      for (let slot = side.levels[i]?.head ?? NONE; slot !== NONE; slot = book.orders.next(slot)) {
        const o = book.view(slot);
        orders.push([o.orderId, o.account, o.side, o.price, o.remaining, o.filled]);
      }
    }
  }
  return {
    spec: { ...book.spec },
    halted: book.halted,
    depthSeq: book.depthSeq,
    tradeSeq: book.tradeSeq,
    orders,
  };
}
