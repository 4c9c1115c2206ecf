import type { Candle, MarketSymbol, RecentTrade, TickerStats } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { Token } from '../../core/tokens.js';
import type { ChartCandle, StoredTrade } from './repository.js';
import type { WindowStats } from './rolling-window.js';

/** The change from `open` to `last` in percent, two decimals, rounded toward zero: "-1.25". */
export function percentChange(open: bigint | null, last: bigint | null): string {
  if (open === null || last === null || open === 0n) return '0.00';
  const hundredths = ((last - open) * 10_000n) / open;
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A pair's ticker: the last price and the rolling 24 h window (high and low fall back to it). */
export function toTickerStats(pair: Pair, last: bigint | null, w: WindowStats): TickerStats {
  const change = percentChange(w.open, last);
  return {
    symbol: pair.symbol,
    price: formatAmount(last ?? 0n),
    price_percent_change: change,
    price_change_percent: change,
    volume: formatAmount(w.volume),
    quote_volume: formatAmount(w.quoteVolume),
    high: formatAmount(w.high ?? last ?? 0n),
    low: formatAmount(w.low ?? last ?? 0n),
    status: pair.status,
  };
}

const tokenDto = (t: Token) => ({ _id: t.id, name: t.name, short_name: t.shortName });

export function toMarketSymbol(pair: Pair, t: TickerStats, isFavorite: boolean): MarketSymbol {
  return {
    symbol: pair.symbol,
    base_token: tokenDto(pair.base),
    quote_token: tokenDto(pair.quote),
    price: t.price,
    volume: t.volume,
    quote_volume: t.quote_volume,
    high: t.high,
    low: t.low,
    price_percent_change: t.price_percent_change,
    price_change_percent: t.price_change_percent,
    is_favorite: isFavorite,
    symbol_origin: pair.symbolOrigin,
    tick_size: pair.tickSize,
    lot_size: pair.lotSize,
    min_notional: formatAmount(pair.minNotional),
    maker_fee: formatAmount(pair.makerFee),
    taker_fee: formatAmount(pair.takerFee),
    status: t.status,
  };
}

export const toRecentTrade = (symbol: string, t: StoredTrade): RecentTrade => ({
  id: t.id,
  symbol,
  price: formatAmount(t.price),
  quantity: formatAmount(t.quantity),
  time: t.time.getTime(),
  side: t.takerSide,
});

export const toCandle = (c: ChartCandle): Candle => ({
  time: c.time,
  open: formatAmount(c.open),
  high: formatAmount(c.high),
  low: formatAmount(c.low),
  close: formatAmount(c.close),
  volume: formatAmount(c.volume),
  quote_volume: formatAmount(c.quoteVolume),
});

export const formatLevel = ([price, amount]: [bigint, bigint]): [string, string] => [
  formatAmount(price),
  formatAmount(amount),
];
