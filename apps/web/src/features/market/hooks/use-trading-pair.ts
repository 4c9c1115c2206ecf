import { useMarketPairs } from './use-market-pairs';

/**
 * The pair a trading route shows, live: the route's symbol, or the first listed pair when the
 * symbol matches none (spec section 2).
 */
export function useTradingPair(symbol: string) {
  const { pairs, isLoading, isError } = useMarketPairs('all');
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];
  return { pair, pairs, isLoading, isError };
}
