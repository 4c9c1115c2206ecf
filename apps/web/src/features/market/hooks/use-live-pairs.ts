import type { MarketSymbol } from '@exchange/contracts';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectTickers, type TickerState } from '../ticker-slice';

const EMPTY: MarketSymbol[] = [];

/** Pairs merged by symbol with live ticker data: live price, change and volume win. */
export function useLivePairs(symbols: MarketSymbol[] | undefined): MarketSymbol[] {
  const tickers = useSelector((state: { ticker: TickerState }) => selectTickers(state));
  const list = symbols ?? EMPTY;
  return useMemo(
    () =>
      list.map((s) => {
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
    [list, tickers],
  );
}
