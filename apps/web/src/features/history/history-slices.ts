import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/session';

export interface HistoryState {
  page: number;
  pageSize: number;
  filters: Record<string, string>;
}

/** Spec section 9: history lists start at page 1 with 20 rows. */
const initialState: HistoryState = { page: 1, pageSize: 20, filters: {} };

const historySlice = (name: 'depositHistory' | 'withdrawHistory') =>
  createSlice({
    name,
    initialState,
    reducers: {
      pageChanged(state, action: PayloadAction<number>) {
        state.page = action.payload;
      },
      filtersChanged(state, action: PayloadAction<Record<string, string>>) {
        state.filters = action.payload;
        state.page = 1;
      },
    },
    extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  });

export const depositHistorySlice = historySlice('depositHistory');
export const withdrawHistorySlice = historySlice('withdrawHistory');
