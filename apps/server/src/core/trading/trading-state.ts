import {
  Engine,
  EventBuffer,
  type BookSpec,
  type Command as EngineCommand,
  type EngineSnapshot,
} from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import type { OrderRecord } from './order-record.js';
import type { Pair } from './pairs.js';

type JournalEntry = EngineCommand | { type: 'addBook'; spec: BookSpec };

/** At most this many engine commands are replayed to roll the books back. */
const JOURNAL_LIMIT = 20_000;

/** maxPrice × maxQuantity stays within 2^53, so every notional is a safe integer of steps. */
const MAX_PRICE_TICKS = 2 ** 26;
const MAX_QUANTITY_LOTS = 2 ** 27 - 1;

/** The books and open orders the single writer owns. */
export class TradingState {
  engine = new Engine();
  readonly pairsBySymbol = new Map<string, Pair>();
  readonly pairsById = new Map<string, Pair>();
  readonly openOrders = new Map<number, OrderRecord>();
  nextOrderId = 1;
  /** Engine accounts are numbers; users are uuids. The numbering lives as long as the process. */
  private readonly accountNumbers = new Map<string, number>();
  /**
   * The engine as of a batch boundary, and what it was told since: restoring the snapshot and
   * replaying part of the journal puts the books back as they were before a refused command or
   * a batch the database did not take (the engine is deterministic).
   */
  private base: EngineSnapshot | null = null;
  private readonly journal: JournalEntry[] = [];

  reset(): void {
    this.engine = new Engine();
    this.base = null;
    this.journal.length = 0;
    this.pairsBySymbol.clear();
    this.pairsById.clear();
    this.openOrders.clear();
    this.nextOrderId = 1;
  }

  /** A listed pair by its symbol, in any case. */
  findPair(symbol: string): Pair | undefined {
    return this.pairsBySymbol.get(symbol.toUpperCase());
  }

  /** A listed pair by its symbol, in any case; a clear 404 otherwise. */
  pairOf(symbol: string): Pair {
    const pair = this.findPair(symbol);
    if (!pair) throw new AppError('NOT_FOUND', `Unknown symbol ${symbol}`);
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
      if (this.base) this.journal.push({ type: 'addBook', spec });
    }
  }

  /** Runs an engine command; a rejected one changed nothing and is not journaled. */
  execute(command: EngineCommand, events: EventBuffer): void {
    this.journal.push(command);
    this.engine.execute(command, events);
    for (let i = 0; i < events.length; i++)
      if (events.events[i]?.type === 'rejected') this.journal.pop();
  }

  /**
   * Where the engine can be rolled back to. At a batch boundary (`atBoundary`), a long journal is
   * folded into a fresh snapshot, so a rollback never replays more than JOURNAL_LIMIT commands.
   */
  engineMark(atBoundary = false): number {
    if (atBoundary && (!this.base || this.journal.length > JOURNAL_LIMIT)) {
      this.base = this.engine.snapshot();
      this.journal.length = 0;
    }
    return this.journal.length;
  }

  /** Puts the books back as they were at `mark`: the base snapshot, then the journal up to it. */
  rollbackEngine(mark: number): void {
    if (this.journal.length === mark) return;
    if (!this.base) throw new Error('engine rollback without a base snapshot');
    const engine = Engine.restore(this.base);
    const sink = new EventBuffer();
    for (const entry of this.journal.slice(0, mark)) {
      if (entry.type === 'addBook') engine.addBook(entry.spec);
      else engine.execute(entry, sink);
      sink.clear();
    }
    this.engine = engine;
    this.journal.length = mark;
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

export { MAX_PRICE_TICKS, MAX_QUANTITY_LOTS };
