import { SYMBOLS_PAGE_SIZE, type SymbolFilter } from '@exchange/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

/** The tabs of the markets table (spec section 2): Favorite, All, Spot. */
export type MarketTab = Extract<SymbolFilter, 'favourite' | 'all' | 'spot'>;
const MARKET_TABS: readonly string[] = ['favourite', 'all', 'spot'] satisfies MarketTab[];

export interface MarketSymbolsState {
  filters: { filter: MarketTab; page: number; page_size: number };
}

const initialState: MarketSymbolsState = {
  filters: { filter: 'all', page: 1, page_size: SYMBOLS_PAGE_SIZE },
};

/**
 * Spec section 3's marketSymbols slice: the markets table's filter and page. The lists, their
 * total and their loading and error states are the GET /symbols query's (RTK Query), read from
 * there rather than copied here a second time.
 */
export const marketSymbolsSlice = createSlice({
  name: 'marketSymbols',
  initialState,
  reducers: {
    /** Spec section 4: changing the market tab changes the filter (and reloads, page 1). */
    marketTabChanged(state, action: PayloadAction<MarketTab>) {
      state.filters.filter = action.payload;
      state.filters.page = 1;
    },
    marketPageChanged(state, action: PayloadAction<number>) {
      state.filters.page = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    // A state persisted by an older build may name a filter that is no tab; show All then.
    selectMarketFilters: (state) =>
      MARKET_TABS.includes(state.filters.filter) ? state.filters : initialState.filters,
  },
});

export const { marketTabChanged, marketPageChanged } = marketSymbolsSlice.actions;
export const { selectMarketFilters } = marketSymbolsSlice.selectors;
