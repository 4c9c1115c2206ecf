import {
  RECENT_TRADES_MAX,
  type OrderBookUpdate,
  type RecentTrade,
  type TickerStats,
  type NotificationDto,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type {
  BalanceChange,
  DepthChange,
  MarketEvents,
  TradeTick,
} from '../../core/trading/market-events.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { MarketEvidence } from '../reviews/valuation.js';
import { formatLevel, toRecentTrade, toTickerStats } from './dto.js';
import { PairMarket } from './pair-market.js';
import { candlesSince, latestTrades } from './repository.js';
import { DAY_MS, MINUTE_MS, type MinuteCandle, type WindowStats } from './rolling-window.js';
import { UserUpdates, type UserSink } from './user-updates.js';

/** Where the market data sends what changed: the realtime feed. */
export interface MarketSink extends UserSink {
  tickers(tickers: TickerStats[]): void;
  orderBook(update: OrderBookUpdate): void;
  trades(symbol: string, trades: RecentTrade[]): void;
  /** One of a user's in-app notifications (the bell); the feed sends it to the user's room. */
  notification?(userId: string, notification: NotificationDto): void;
}

/** Told of every durable batch's trades, after the market data took them in. */
export type TradeListener = (ticks: TradeTick[]) => void;

/** Book and trade updates go out at most this often per symbol: 10 a second. */
export const FLUSH_MS = 100;
/** A symbol's ticker goes out at most once a second. */
export const TICKER_MS = 1000;

/**
 * Market data derived from the core's durable events: rolling 24 h tickers (from one-minute
 * candles), the last trades of every pair, and book changes conflated per symbol. Events only
 * update memory; a timer sends what changed, so the core never waits on the feed.
 */
export class MarketData implements MarketEvents {
  private readonly pairs = new Map<string, PairMarket>();
  private readonly users: UserUpdates;
  private sink: MarketSink | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly tradeListeners: TradeListener[] = [];

  constructor(
    private readonly ctx: AppContext,
    log: FastifyBaseLogger,
  ) {
    this.users = new UserUpdates(ctx, log);
  }

  /** Loads the last 24 h of candles and the latest trades of every pair. */
  async load(): Promise<void> {
    const now = this.ctx.now().getTime();
    const since = new Date(now - DAY_MS - MINUTE_MS);
    const candles = await candlesSince(this.ctx.db, since);
    for (const pair of this.ctx.core.state.trading.pairsById.values()) {
      const market = this.market(pair);
      market.window.load(candles.get(pair.id) ?? []);
      market.window.expire(now);
      market.loadTrades(await latestTrades(this.ctx.db, pair.id, RECENT_TRADES_MAX));
    }
  }

  /** Starts sending changes to `sink` every FLUSH_MS. */
  start(sink: MarketSink): void {
    this.sink = sink;
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sink = null;
  }

  trades(ticks: TradeTick[]): void {
    for (const t of ticks) {
      const trade = {
        id: String(t.tradeId),
        price: t.price,
        quantity: t.quantity,
        takerSide: t.takerSide,
        time: t.time,
      };
      this.market(t.pair).addTrade(trade, t.quoteQuantity);
    }
    for (const listener of this.tradeListeners) listener(ticks);
  }

  /** Adds a listener of the core's durable trades (price alerts); it must not throw or block. */
  onTrades(listener: TradeListener): void {
    this.tradeListeners.push(listener);
  }

  /** The pair's last trade price in ledger units; null before its first trade. */
  lastPrice(pair: Pair): bigint | null {
    return this.market(pair).lastPrice;
  }

  /** Sends a user's notification to their sockets, when the feed is attached. */
  notify(userId: string, notification: NotificationDto): void {
    this.sink?.notification?.(userId, notification);
  }

  depth(pair: Pair, changes: DepthChange[], seq: number): void {
    this.market(pair).depth.add(changes, seq);
  }

  ordersChanged(userId: string, orderIds: string[]): void {
    this.users.ordersChanged(userId, orderIds);
  }

  balancesChanged(userId: string, change?: BalanceChange): void {
    this.users.balancesChanged(userId, change);
  }

  pairChanged(pair: Pair): void {
    this.market(pair).tickerChanged = true;
  }

  /** The pair's ticker as of now. */
  ticker(pair: Pair): TickerStats {
    const market = this.market(pair);
    market.window.expire(this.ctx.now().getTime());
    return toTickerStats(pair, market.lastPrice, market.window.stats());
  }

  /** The pair's rolling 24 h statistics and last price, unformatted (other APIs' shapes). */
  stats(pair: Pair): { last: bigint | null; window: WindowStats } {
    const market = this.market(pair);
    market.window.expire(this.ctx.now().getTime());
    return { last: market.lastPrice, window: market.window.stats() };
  }

  /** The pair's trading since `from` (epoch ms, within the last 24 h) as one candle. */
  candleSince(pair: Pair, from: number): MinuteCandle | null {
    return this.market(pair).window.since(from);
  }

  /**
   * What a review values the pair `symbol` by (reviews/valuation.ts): halted or not, its 24 h
   * volumes and the prices of its latest trades in those 24 h; null for an unlisted symbol.
   */
  evidence(symbol: string): MarketEvidence | null {
    const pair = this.ctx.core.state.trading.findPair(symbol);
    if (!pair) return null;
    const market = this.market(pair);
    const now = this.ctx.now().getTime();
    market.window.expire(now);
    const { volume, quoteVolume } = market.window.stats();
    const prices = market
      .recentTrades(RECENT_TRADES_MAX)
      .filter((t) => t.time.getTime() > now - DAY_MS)
      .map((t) => t.price);
    return { halted: pair.status === 'halted', volume, quoteVolume, prices };
  }

  recentTrades(pair: Pair, limit: number): RecentTrade[] {
    return this.market(pair)
      .recentTrades(limit)
      .map((t) => toRecentTrade(pair.symbol, t));
  }

  /** Sends every symbol's conflated changes; tickers at most once a second each. */
  flush(): void {
    const sink = this.sink;
    if (!sink) return;
    const now = this.ctx.now().getTime();
    const clock = performance.now();
    const tickers: TickerStats[] = [];
    for (const pair of this.ctx.core.state.trading.pairsById.values()) {
      const market = this.pairs.get(pair.id);
      if (!market) continue;
      const book = market.depth.flush();
      if (book) {
        const { bids, asks, seq, prevSeq } = book;
        sink.orderBook({
          symbol: pair.symbol,
          bids: bids.map(formatLevel),
          asks: asks.map(formatLevel),
          seq,
          prev_seq: prevSeq,
        });
      }
      const trades = market.takeUnsent();
      if (trades.length > 0)
        sink.trades(
          pair.symbol,
          trades.map((t) => toRecentTrade(pair.symbol, t)),
        );
      if (market.window.expire(now)) market.tickerChanged = true;
      if (market.tickerChanged && clock - market.tickerSentAt >= TICKER_MS) {
        market.tickerChanged = false;
        market.tickerSentAt = clock;
        tickers.push(toTickerStats(pair, market.lastPrice, market.window.stats()));
      }
    }
    if (tickers.length > 0) sink.tickers(tickers);
    void this.users.flush(sink);
  }

  private market(pair: Pair): PairMarket {
    let market = this.pairs.get(pair.id);
    if (!market) {
      market = new PairMarket();
      this.pairs.set(pair.id, market);
    }
    return market;
  }
}
