import type { RecentTrade } from '@exchange/contracts';
import type { AppContext } from '../context.js';
import { ledgerOne, parseAmount } from '../core/money.js';
import type { Pair } from '../core/trading/pairs.js';
import type { BestLevels } from '../modules/binance/dto.js';
import type { PairStats } from '../modules/binance/stream-events.js';
import { candlesSince, latestTrades } from '../modules/market/repository.js';
import {
  DAY_MS,
  MINUTE_MS,
  RollingWindow,
  type MinuteCandle,
} from '../modules/market/rolling-window.js';

/**
 * What a gateway's Binance streams tell of a pair beyond the core's events: its rolling 24 h
 * statistics and candles (`@miniTicker`, `@kline_*`), kept as the core's market data keeps them:
 * the last day's candles from the database at start, then every trade the core publishes; and
 * the best bid and ask the core last published with the pair's ticker (`@ticker`).
 */
export class GatewayMarket {
  private readonly pairs = new Map<
    string,
    { window: RollingWindow; last: bigint | null; best?: BestLevels }
  >();

  constructor(private readonly ctx: AppContext) {}

  /** The last 24 h of every known pair from the database (trades committed before the core told). */
  async load(): Promise<void> {
    const now = this.ctx.now().getTime();
    const candles = await candlesSince(this.ctx.db, new Date(now - DAY_MS - MINUTE_MS));
    for (const pair of this.ctx.core.state.trading.pairsById.values()) {
      const market = this.market(pair);
      market.window.load(candles.get(pair.id) ?? []);
      market.last ??= (await latestTrades(this.ctx.db, pair.id, 1))[0]?.price ?? null;
    }
  }

  /** Takes in trades as the core published them (decimal strings). */
  trades(pair: Pair, trades: RecentTrade[]): void {
    const market = this.market(pair);
    for (const t of trades) {
      const price = parseAmount(t.price) ?? 0n;
      const quantity = parseAmount(t.quantity) ?? 0n;
      const quote = (price * quantity) / ledgerOne;
      const takerBuy = t.side === 'buy';
      market.window.add({ id: Number(t.id), time: t.time, price, quantity, quote, takerBuy });
      market.last = price;
    }
  }

  stats(pair: Pair): PairStats {
    const market = this.market(pair);
    market.window.expire(this.ctx.now().getTime());
    return { last: market.last, window: market.window.stats() };
  }

  setBest(pair: Pair, best: BestLevels): void {
    this.market(pair).best = best;
  }

  best(pair: Pair): BestLevels | undefined {
    return this.pairs.get(pair.id)?.best;
  }

  candleSince(pair: Pair, from: number): MinuteCandle | null {
    return this.market(pair).window.since(from);
  }

  private market(pair: Pair) {
    let market = this.pairs.get(pair.id);
    if (!market) this.pairs.set(pair.id, (market = { window: new RollingWindow(), last: null }));
    return market;
  }
}
