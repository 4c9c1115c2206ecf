import type { MarketSymbol, SymbolFilter } from '@exchange/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';
import { symbolsApi } from './api/get-symbols';

export interface MarketSymbolsState {
  filters: { filter: SymbolFilter; page: number; page_size: number };
  symbolByFilter: Partial<Record<SymbolFilter, MarketSymbol[]>>;
  total: number;
  loading: boolean;
  error: string | null;
}

const initialState: MarketSymbolsState = {
  filters: { filter: 'all', page: 1, page_size: 20 },
  symbolByFilter: {},
  total: 0,
  loading: false,
  error: null,
};

const { getSymbols } = symbolsApi.endpoints;

/** Spec section 3's marketSymbols slice, kept in step with the GET /symbols query. */
export const marketSymbolsSlice = createSlice({
  name: 'marketSymbols',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(getSymbols.matchPending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.filters = { ...state.filters, ...action.meta.arg.originalArgs };
      })
      .addMatcher(getSymbols.matchFulfilled, (state, action) => {
        state.loading = false;
        state.symbolByFilter[action.meta.arg.originalArgs.filter] = action.payload.data;
        state.total = action.payload.total;
      })
      .addMatcher(getSymbols.matchRejected, (state, action) => {
        state.loading = false;
        state.error = action.error.message ?? 'Failed to load symbols';
      }),
});
