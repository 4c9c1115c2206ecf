import type { MarketSymbol } from '@exchange/contracts';
import { useMemo } from 'react';
import { useTransitionSelector } from '@/lib/use-transition-selector';
import { withLiveStats } from '../live-stats';
import { selectTickers, type TickerState } from '../ticker-slice';

const EMPTY: MarketSymbol[] = [];
const tickersOf = (state: { ticker: TickerState }) => selectTickers(state);

/**
 * Pairs merged by symbol with live ticker data: the live 24 h statistics win. Every pair's ticker
 * comes once a second, and every list of pairs on screen follows it: in a transition, so a tick
 * re-renders the lists in short slices, never one long task.
 */
export function useLivePairs(symbols: MarketSymbol[] | undefined): MarketSymbol[] {
  const tickers = useTransitionSelector(tickersOf);
  const list = symbols ?? EMPTY;
  return useMemo(() => list.map((s) => withLiveStats(s, tickers[s.symbol])), [list, tickers]);
}
