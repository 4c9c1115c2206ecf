import { describe, expect, it } from 'vitest';
import {
  marketPageChanged,
  marketSymbolsSlice,
  marketTabChanged,
  selectMarketFilters,
  type MarketSymbolsState,
} from './market-symbols-slice';

const reduce = marketSymbolsSlice.reducer;
const select = (state: MarketSymbolsState) => selectMarketFilters({ marketSymbols: state });

describe('marketSymbols slice', () => {
  it('changes tab back to page 1 and keeps the page size', () => {
    let state = reduce(undefined, marketPageChanged(3));
    expect(select(state)).toEqual({ filter: 'all', page: 3, page_size: 20 });
    state = reduce(state, marketTabChanged('favourite'));
    expect(select(state)).toEqual({ filter: 'favourite', page: 1, page_size: 20 });
  });

  it('shows All when a persisted filter is not one of the tabs', () => {
    const stale = { filters: { filter: 'loser', page: 4, page_size: 20 } } as unknown;
    expect(select(stale as MarketSymbolsState).filter).toBe('all');
  });
});
