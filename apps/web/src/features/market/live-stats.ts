import type { MarketSymbol } from '@exchange/contracts';

const LIVE_FIELDS = new Set([
  'status',
  'price',
  'price_percent_change',
  'volume',
  'high',
  'low',
  'quote_volume',
]);

/**
 * A listed pair with the 24 h statistics and trading status of its live ticker (all_ticker_update
 * carries them all), so a pair an admin halts shows halted without a reload.
 */
export function withLiveStats(pair: MarketSymbol, live: object | undefined): MarketSymbol {
  if (!live) return pair;
  const stats = Object.entries(live).filter(
    ([key, value]) => LIVE_FIELDS.has(key) && typeof value === 'string',
  );
  return { ...pair, ...Object.fromEntries(stats) };
}
