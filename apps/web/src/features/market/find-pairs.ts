import type { MarketSymbol, QuoteCoin } from '@exchange/contracts';

/**
 * The pairs quoted in `quote` that a search finds: the pair as written (BTC/USDT, btcusdt) or
 * the base coin's name (Bitcoin), in any case; a blank search finds them all.
 */
export function findPairs(pairs: readonly MarketSymbol[], quote: QuoteCoin, search: string) {
  const term = search.trim().toUpperCase().replace('/', '');
  const quoted = pairs.filter((p) => p.quote_token.short_name === quote);
  return term
    ? quoted.filter(
        (p) => p.symbol.includes(term) || p.base_token.name.toUpperCase().includes(term),
      )
    : quoted;
}
