import {
  Engine,
  type BookSpec,
  type Command as EngineCommand,
  type EventBuffer,
} from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { OpenOrders } from './open-orders.js';
import { DEFAULT_ORDER_CAPS, type OrderCaps } from './order-caps.js';
import { isUntriggered, type OrderRecord } from './order-record.js';
import type { Pair } from './pairs.js';
import { PairStops, type DueTally } from './stop-book.js';

interface BookState {
  symbol: string;
  tradeSeq: number;
  depthSeq: number;
}

/** maxPrice × maxQuantity stays within 2^53, so every notional is a safe integer of steps. */
const MAX_PRICE_TICKS = 2 ** 26;
const MAX_QUANTITY_LOTS = 2 ** 27 - 1;

/** The books and open orders the single writer owns. */
export class TradingState {
  engine = new Engine();
  readonly pairsBySymbol = new Map<string, Pair>();
  readonly pairsById = new Map<string, Pair>();
  /** Open orders by id, indexed by owner and pair too. */
  readonly openOrders = new OpenOrders();
  /**
   * Orders by their owner and client order id (`clientKey`), oldest first: the open ones, and the
   * closed ones whose id a retry may still name (`client-order-ids.ts`), forgotten in sweeps once
   * the map has grown past `clientIdsSweepAt`.
   */
  readonly clientOrders = new Map<string, OrderRecord>();
  clientIdsSweepAt = 0;
  /**
   * Untriggered stop-limit orders per pair symbol (also in `openOrders`, never in the book), in
   * trigger order: they enter the book once the pair's last trade price crosses their stop,
   * a bounded number per command (execution.ts).
   */
  readonly stops = new Map<string, PairStops<OrderRecord>>();
  /** How many stops of all pairs are crossed and wait to enter the book. */
  readonly dueStops: DueTally = { due: 0 };
  /** Per-user caps on what rests on a pair (config: MAX_OPEN_ORDERS_PER_PAIR, MAX_STOPS_PER_PAIR). */
  caps: OrderCaps = DEFAULT_ORDER_CAPS;
  /** Each pair's last trade price in ticks, what stops are judged against. */
  readonly lastTicks = new Map<string, number>();
  nextOrderId = 1;
  /** Engine accounts are numbers; users are uuids. The numbering lives as long as the process. */
  private readonly accountNumbers = new Map<string, number>();
  /** Each book the engine was told about since the last commit, with its sequence numbers before. */
  private readonly journal: BookState[] = [];

  reset(): void {
    this.engine = new Engine();
    this.journal.length = 0;
    this.pairsBySymbol.clear();
    this.pairsById.clear();
    this.openOrders.clear();
    this.clientOrders.clear();
    this.clientIdsSweepAt = 0;
    this.stops.clear();
    this.dueStops.due = 0;
    this.lastTicks.clear();
    this.nextOrderId = 1;
  }

  /** The user's open order with this client order id. */
  openByClientId(userId: string, clientOrderId: string): OrderRecord | undefined {
    const order = this.clientOrders.get(clientKey(userId, clientOrderId));
    return order?.status === 'open' ? order : undefined;
  }

  /** The pair's untriggered stop-limit orders. */
  stopsOf(symbol: string): PairStops<OrderRecord> {
    let stops = this.stops.get(symbol);
    if (!stops) {
      stops = new PairStops(this.dueStops);
      this.stops.set(symbol, stops);
    }
    return stops;
  }

  /** A listed pair by its symbol, in any case. */
  findPair(symbol: string): Pair | undefined {
    return this.pairsBySymbol.get(symbol.toUpperCase());
  }

  /** A listed pair by its symbol, in any case; a clear 404 otherwise. */
  pairOf(symbol: string): Pair {
    const pair = this.findPair(symbol);
    if (!pair) throw new AppError('NOT_FOUND', said('unknownSymbol', symbol));
    return pair;
  }

  addPair(pair: Pair): void {
    this.pairsBySymbol.set(pair.symbol, pair);
    this.pairsById.set(pair.id, pair);
    if (!this.engine.book(pair.symbol)) {
      const spec: BookSpec = {
        symbol: pair.symbol,
        tickSize: pair.tickSize,
        lotSize: pair.lotSize,
        maxPrice: MAX_PRICE_TICKS,
        maxQuantity: MAX_QUANTITY_LOTS,
      };
      this.engine.addBook(spec);
    }
  }

  /** Takes back a pair listed in a batch that was rolled back: nothing can have reached its book. */
  removePair(pair: Pair): void {
    this.pairsBySymbol.delete(pair.symbol);
    this.pairsById.delete(pair.id);
    this.engine.removeBook(pair.symbol);
  }

  /** Runs an engine command; a rejected one changed nothing and is not journaled. */
  execute(command: EngineCommand, events: EventBuffer): void {
    const book = this.engine.book(command.symbol);
    if (book)
      this.journal.push({ symbol: book.symbol, tradeSeq: book.tradeSeq, depthSeq: book.depthSeq });
    this.engine.execute(command, events);
    for (let i = 0; i < events.length; i++)
      if (book && events.events[i]?.type === 'rejected') this.journal.pop();
  }

  /** Where the books can be rolled back to. */
  engineMark(): number {
    return this.journal.length;
  }

  /**
   * Forgets the journal before `mark`, which committed batches wrote: the books never roll back
   * past a commit. Marks taken after it count from it from now on.
   */
  forgetEngineJournal(mark: number): void {
    this.journal.splice(0, mark);
  }

  /**
   * Puts the books the engine was told about since `mark` back as they were, from the open
   * orders (which the unit of work has already rolled back): each touched book is rebuilt, oldest
   * order first, so time priority is what it was, with the sequence numbers it had then.
   */
  rollbackEngine(mark: number): void {
    if (this.journal.length === mark) return;
    const before = new Map<string, BookState>();
    for (const entry of this.journal.slice(mark).reverse()) before.set(entry.symbol, entry);
    this.journal.length = mark;
    for (const [symbol, seqs] of before) {
      const pair = this.pairsBySymbol.get(symbol);
      if (!pair) continue;
      const book = this.engine.resetBook(symbol);
      book.tradeSeq = seqs.tradeSeq;
      book.depthSeq = seqs.depthSeq;
      const resting = [...this.openOrders.values()]
        .filter((o) => o.pair === pair && o.priceTicks !== null && !isUntriggered(o))
        .sort((a, b) => a.id - b.id);
      for (const o of resting) book.restoreOrder(this.restingView(o));
    }
  }

  /** What the engine holds of an open order. */
  restingView(o: OrderRecord) {
    return {
      orderId: o.id,
      account: this.accountOf(o.userId),
      side: o.side,
      price: o.priceTicks ?? 0,
      remaining: o.lots - o.filledLots,
      filled: o.filledLots,
    };
  }

  accountOf(userId: string): number {
    let n = this.accountNumbers.get(userId);
    if (n === undefined) {
      n = this.accountNumbers.size + 1;
      this.accountNumbers.set(userId, n);
    }
    return n;
  }
}

export const clientKey = (userId: string, clientOrderId: string) =>
  `${userId}\u0000${clientOrderId}`;

export { MAX_PRICE_TICKS, MAX_QUANTITY_LOTS };
