import { Engine } from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import type { OrderRecord } from './order-record.js';
import type { Pair } from './pairs.js';

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

  reset(): void {
    this.engine = new Engine();
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
      this.engine.addBook({
        symbol: pair.symbol,
        tickSize: pair.tickSize,
        lotSize: pair.lotSize,
        maxPrice: MAX_PRICE_TICKS,
        maxQuantity: MAX_QUANTITY_LOTS,
      });
    }
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
