import { RECENT_TRADES_MAX } from '@exchange/contracts';
import { DepthConflator } from './depth-conflator.js';
import type { StoredTrade } from './repository.js';
import { RollingWindow } from './rolling-window.js';

/** What the market data keeps for one pair: its 24 h window, last price, recent trades, depth. */
export class PairMarket {
  readonly window = new RollingWindow();
  readonly depth = new DepthConflator();
  lastPrice: bigint | null = null;
  /** Oldest first, at most RECENT_TRADES_MAX. */
  private readonly recent: StoredTrade[] = [];
  /** Trades not yet sent on the feed, oldest first. */
  unsent: StoredTrade[] = [];
  tickerChanged = false;
  /** performance.now() of the last ticker sent, to send at most one a second. */
  tickerSentAt = -Infinity;

  /** The trades loaded at start, newest first as the database answers. */
  loadTrades(newestFirst: StoredTrade[]): void {
    this.recent.push(...[...newestFirst].reverse());
    this.lastPrice = this.recent.at(-1)?.price ?? null;
  }

  addTrade(trade: StoredTrade, quote: bigint): void {
    this.recent.push(trade);
    if (this.recent.length > RECENT_TRADES_MAX) this.recent.shift();
    this.unsent.push(trade);
    this.window.add({
      id: Number(trade.id),
      time: trade.time.getTime(),
      price: trade.price,
      quantity: trade.quantity,
      quote,
      takerBuy: trade.takerSide === 'buy',
    });
    this.lastPrice = trade.price;
    this.tickerChanged = true;
  }

  /** Newest first. */
  recentTrades(limit: number): StoredTrade[] {
    return this.recent.slice(-limit).reverse();
  }

  takeUnsent(): StoredTrade[] {
    const out = this.unsent;
    this.unsent = [];
    return out;
  }
}
