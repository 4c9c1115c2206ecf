import type { MarketSymbol } from '@exchange/contracts';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useGetSymbolsQuery } from '../api/get-symbols';
import { withLiveStats } from '../live-stats';
import type { TickerState } from '../ticker-slice';

const EVERY_PAIR = { filter: 'all', every_page: true } as const;

const pick = (pairs: MarketSymbol[] | undefined, symbol: string) =>
  pairs?.find((p) => p.symbol === symbol) ?? pairs?.[0];

/**
 * The pair a trading route shows as listed (tokens, steps, minimum): the route's symbol, or the
 * first listed pair when the symbol matches none (spec section 2). Stable while tickers stream.
 */
export function usePairListing(symbol: string) {
  return useGetSymbolsQuery(EVERY_PAIR, {
    selectFromResult: ({ data, isLoading, isError }) => ({
      pair: pick(data?.data, symbol),
      pairs: data?.data,
      isLoading,
      isError,
    }),
  });
}

/** One symbol's live ticker; components re-render when that symbol's ticker changes only. */
export const useLiveTicker = (symbol: string | undefined) =>
  useSelector((state: { ticker: TickerState }) =>
    symbol ? state.ticker.bySymbol[symbol] : undefined,
  );

/** The listed pair with its live 24 h statistics (a ticker carries them all, README). */
export function useTradingPair(symbol: string) {
  const listing = usePairListing(symbol);
  const live = useLiveTicker(listing.pair?.symbol);
  const pair = useMemo(
    () => (listing.pair ? withLiveStats(listing.pair, live) : undefined),
    [listing.pair, live],
  );
  return { ...listing, pair };
}
