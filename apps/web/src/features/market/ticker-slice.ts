import type { MarketSymbol, Ticker } from '@exchange/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

export interface TickerState {
  bySymbol: Record<string, Ticker>;
}

const initialState: TickerState = { bySymbol: {} };

const toTicker = (s: MarketSymbol): Ticker => ({
  symbol: s.symbol,
  price: s.price,
  price_percent_change: s.price_percent_change,
  volume: s.volume,
});

/** Spec section 4: replaced by the initial list, then updated per symbol from live updates. */
export const tickerSlice = createSlice({
  name: 'ticker',
  initialState,
  reducers: {
    tickersLoaded(state, action: PayloadAction<MarketSymbol[]>) {
      state.bySymbol = Object.fromEntries(action.payload.map((s) => [s.symbol, toTicker(s)]));
    },
    tickerReceived(state, action: PayloadAction<Ticker>) {
      state.bySymbol[action.payload.symbol] = action.payload;
    },
    /** The tickers that arrived within one animation frame, applied in one go. */
    tickersReceived(state, action: PayloadAction<Ticker[]>) {
      for (const ticker of action.payload) state.bySymbol[ticker.symbol] = ticker;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: { selectTickers: (state) => state.bySymbol },
});

export const { tickersLoaded, tickerReceived, tickersReceived } = tickerSlice.actions;
export const { selectTickers } = tickerSlice.selectors;
