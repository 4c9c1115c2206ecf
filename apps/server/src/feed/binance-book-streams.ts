import type { RecentTrade } from '@exchange/contracts';
import type { BookLevels } from '../core/trading/order-book-view.js';
import type { Pair } from '../core/trading/pairs.js';
import { avgPriceOf } from '../modules/binance/avg-price.js';
import { BestChanges } from '../modules/binance/best-changes.js';
import type { BestLevels } from '../modules/binance/dto.js';
import { avgPriceEvent, bookTickerEvent, partialDepth } from '../modules/binance/stream-events.js';
import {
  partialDepthStreams,
  PARTIAL_LEVELS,
  streamName,
  type PairStream,
} from '../modules/binance/stream-names.js';
import type { MarketData } from '../modules/market/market-data.js';
import type { StreamHub } from './binance-stream-hub.js';

/** The top `levels` of a pair's book with its update id (`partialDepth`). */
export type BookTop = (pair: Pair, levels: number) => BookLevels;

const DEEPEST = Math.max(...PARTIAL_LEVELS);

/**
 * The market streams read from the book and the last 5 minutes rather than told event by event:
 * `<symbol>@bookTicker` when the best bid or ask changes (checked at each book update and at each
 * ticker flush, when a gateway learns the core's best), the partial depths `@depth<5|10|20>`
 * every second and `@depth<n>@100ms` every 100 ms, and `@avgPrice` every second. Partial depths
 * need the book itself (`top`): a gateway, which holds only the best levels, does not serve them.
 */
export class BookStreams {
  private readonly changes = new BestChanges();
  /** Each book's last update id, `@bookTicker`'s `u`. */
  private readonly seqs = new Map<string, number>();
  private readonly lastTrade = new Map<string, number>();
  private readonly partials = new Map<string, ReturnType<typeof partialDepthStreams>>();
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly hub: StreamHub,
    private readonly pairs: () => Iterable<Pair>,
    private readonly best: (pair: Pair) => BestLevels | undefined,
    private readonly market: Pick<MarketData, 'stats' | 'candleSince'>,
    private readonly top: BookTop | null,
  ) {
    this.timers = [
      setInterval(() => this.partialDepths(100), 100),
      setInterval(() => {
        this.partialDepths(1000);
        this.avgPrices(Date.now());
      }, 1000),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /** Whether this process serves the stream (a partial depth only with the book at hand). */
  serves(stream: PairStream): boolean {
    return stream.kind !== 'partialDepth' || this.top !== null;
  }

  /** A book changed (update `seq`): its best, if news, to `@bookTicker`. */
  orderBook(pair: Pair, seq: number): void {
    this.seqs.set(pair.symbol, seq);
    this.bookTicker(pair);
  }

  trades(symbol: string, trades: RecentTrade[]): void {
    const last = trades.at(-1);
    if (last) this.lastTrade.set(symbol, last.time);
  }

  /** `@bookTicker` of `pair` if its best changed since the last event. */
  bookTicker(pair: Pair): void {
    const name = streamName(pair.symbol, 'bookTicker');
    if (!this.hub.has(name)) return this.changes.forget(pair.symbol);
    const best = this.best(pair);
    if (!best || !this.changes.changed(pair.symbol, best)) return;
    const seq = this.seqs.get(pair.symbol) ?? 0;
    this.hub.publish(name, () => bookTickerEvent(pair, best, seq));
  }

  private partialDepths(ms: number): void {
    if (!this.top) return;
    for (const pair of this.pairs()) {
      let streams = this.partials.get(pair.symbol);
      if (!streams) this.partials.set(pair.symbol, (streams = partialDepthStreams(pair.symbol)));
      let book: BookLevels | null = null;
      for (const { name, stream } of streams) {
        if (stream.ms !== ms || !this.hub.has(name)) continue;
        book ??= this.top(pair, DEEPEST);
        const { seq, bids, asks } = book;
        const levels = stream.levels;
        this.hub.publish(name, () =>
          partialDepth({ seq, bids: bids.slice(0, levels), asks: asks.slice(0, levels) }),
        );
      }
    }
  }

  private avgPrices(nowMs: number): void {
    for (const pair of this.pairs()) {
      const name = streamName(pair.symbol, 'avgPrice');
      if (!this.hub.has(name)) continue;
      const price = avgPriceOf(this.market, pair, nowMs);
      const lastTrade = this.lastTrade.get(pair.symbol) ?? nowMs;
      this.hub.publish(name, () => avgPriceEvent(pair, price, lastTrade, nowMs));
    }
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
