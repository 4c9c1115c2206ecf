import { ledgerOne } from '../../core/money.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { MarketData } from '../market/market-data.js';
import type { MinuteCandle } from '../market/rolling-window.js';

/** Binance's average price window (`/api/v3/avgPrice`, `<symbol>@avgPrice`): 5 minutes. */
export const AVG_PRICE_MS = 5 * 60_000;

/**
 * The volume-weighted average price of the window's trades (`recent`, folded into one candle),
 * in ledger units; the last price when none traded, 0 when the pair never traded.
 */
export function averagePrice(recent: MinuteCandle | null, last: bigint | null): bigint {
  if (recent && recent.volume > 0n) return (recent.quoteVolume * ledgerOne) / recent.volume;
  return last ?? 0n;
}

/** A pair's average price over the 5 minutes ending at `nowMs`. */
export const avgPriceOf = (
  market: Pick<MarketData, 'stats' | 'candleSince'>,
  pair: Pair,
  nowMs: number,
): bigint => averagePrice(market.candleSince(pair, nowMs - AVG_PRICE_MS), market.stats(pair).last);
