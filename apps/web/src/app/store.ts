import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Storage,
} from 'redux-persist';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@/config/constants';
import { userInfoSlice } from '@/features/auth/user-info-slice';
import { depositHistorySlice, withdrawHistorySlice } from '@/features/history/history-slices';
import { marketSymbolsSlice } from '@/features/market/market-symbols-slice';
import { tickerSlice } from '@/features/market/ticker-slice';
import { allOrdersSlice } from '@/features/orders/orders-slice';
import { api } from '@/lib/api-client';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  marketSymbols: marketSymbolsSlice.reducer,
  depositHistory: depositHistorySlice.reducer,
  withdrawHistory: withdrawHistorySlice.reducer,
  ticker: tickerSlice.reducer,
  userInfo: userInfoSlice.reducer,
  allOrders: allOrdersSlice.reducer,
});

// A write may land after the page (or a test's DOM) is gone; then there is nothing to keep.
const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);
const localStorageAdapter: Storage = {
  getItem: (key: string) => Promise.resolve(storage()?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(storage()?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(storage()?.removeItem(key)),
};

/** Spec section 3: everything but the API cache persists under `root`, rehydrated within 5 s. */
const persisted = persistReducer(
  {
    key: PERSIST_KEY,
    storage: localStorageAdapter,
    timeout: PERSIST_TIMEOUT_MS,
    blacklist: [api.reducerPath],
  },
  rootReducer,
);

export function createStore() {
  const store = configureStore({
    reducer: persisted,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
    // RTK Query's own actions notify subscribers together at the end of the task that dispatched
    // them, not at the next animation frame (RTK's default): a live feed's render then runs in
    // the task its batch runs in (lib/frame-batch.ts), apart from the frame's layout and paint.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
  return { store, persistor: persistStore(store) };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
