import type { MarketSymbol } from '@exchange/contracts';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { withLiveStats } from '../live-stats';
import { selectTickers, type TickerState } from '../ticker-slice';

const EMPTY: MarketSymbol[] = [];

/** Pairs merged by symbol with live ticker data: the live 24 h statistics win. */
export function useLivePairs(symbols: MarketSymbol[] | undefined): MarketSymbol[] {
  const tickers = useSelector((state: { ticker: TickerState }) => selectTickers(state));
  const list = symbols ?? EMPTY;
  return useMemo(() => list.map((s) => withLiveStats(s, tickers[s.symbol])), [list, tickers]);
}
