import type { MarketSymbol } from '@exchange/contracts';

const STAT_FIELDS = new Set([
  'price',
  'price_percent_change',
  'volume',
  'high',
  'low',
  'quote_volume',
]);

/** A listed pair with the 24 h statistics of its live ticker (all_ticker_update carries them all). */
export function withLiveStats(pair: MarketSymbol, live: object | undefined): MarketSymbol {
  if (!live) return pair;
  const stats = Object.entries(live).filter(
    ([key, value]) => STAT_FIELDS.has(key) && typeof value === 'string',
  );
  return { ...pair, ...Object.fromEntries(stats) };
}
