import type { MarketSymbol, SymbolFilter } from '@exchange/contracts';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useGetSymbolsQuery } from '../api/get-symbols';
import { selectTickers, type TickerState } from '../ticker-slice';

const EMPTY: MarketSymbol[] = [];

/** Every listed pair of a filter merged by symbol with live ticker data (spec section 2, side menu). */
export function useMarketPairs(filter: SymbolFilter = 'all', options: { skip?: boolean } = {}) {
  const query = useGetSymbolsQuery({ filter, every_page: true }, { skip: options.skip });
  const tickers = useSelector((state: { ticker: TickerState }) => selectTickers(state));
  const symbols = query.data?.data ?? EMPTY;
  const pairs = useMemo(
    () =>
      symbols.map((s) => {
        const live = tickers[s.symbol];
        return live
          ? {
              ...s,
              price: live.price,
              price_percent_change: live.price_percent_change,
              volume: live.volume,
            }
          : s;
      }),
    [symbols, tickers],
  );
  return { pairs, isLoading: query.isLoading, isError: query.isError };
}
