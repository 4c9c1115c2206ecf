import {
  SYMBOLS_PAGE_SIZE,
  type ApiSuccess,
  type MarketSymbol,
  type QuoteCoin,
  type SymbolFilter,
  type Ticker,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { subscribeAllTickers } from '../live-tickers';
import { frameBatch } from '@/lib/frame-batch';
import { tickersLoaded, tickersReceived } from '../ticker-slice';

export interface SymbolsArgs {
  filter: SymbolFilter;
  page?: number;
  page_size?: number;
  /** Only the pairs quoted in this coin. */
  quote?: QuoteCoin;
  /** Every listed pair, page after page (the pair menus and the trading header need them all). */
  every_page?: boolean;
}

/** The largest page GET /symbols serves. */
const MAX_PAGE_SIZE = 100;

export interface SymbolsPage {
  data: MarketSymbol[];
  total: number;
}

type SymbolsBody = ApiSuccess<MarketSymbol[] | { data: MarketSymbol[] }>;

/** Spec section 7: `data[]` (or `data.data`) and `total`. */
function toPage(body: SymbolsBody): SymbolsPage {
  const data = Array.isArray(body.data) ? body.data : (body.data?.data ?? []);
  return { data, total: body.total ?? data.length };
}

export const symbolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSymbols: build.query<SymbolsPage, SymbolsArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const { filter, every_page = false } = args;
        const page_size = every_page ? MAX_PAGE_SIZE : (args.page_size ?? SYMBOLS_PAGE_SIZE);
        let page = args.page ?? 1;
        const data: MarketSymbol[] = [];
        for (;;) {
          const params = { filter, page, page_size, ...(args.quote ? { quote: args.quote } : {}) };
          const result = await baseQuery({ url: '/symbols', params });
          if (result.error) return { error: result.error };
          const next = toPage(result.data as SymbolsBody);
          data.push(...next.data);
          if (!every_page || next.data.length === 0 || data.length >= next.total) {
            return { data: { data, total: next.total } };
          }
          page += 1;
        }
      },
      providesTags: ['Symbols'],
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (args.filter === 'all' && args.every_page) dispatch(tickersLoaded(data.data));
        } catch (error) {
          // Spec section 8: symbol fetch failures are only logged.
          console.error('Failed to fetch symbols:', error);
        }
      },
      // Live tickers stream in while any symbol list is on screen.
      async onCacheEntryAdded(
        args,
        { dispatch, cacheDataLoaded, cacheEntryRemoved, getCacheEntry },
      ) {
        // Every pair's ticker comes once a second: one store update per frame, not one each.
        const pending = new Map<string, Ticker>();
        const flush = frameBatch(() => {
          dispatch(tickersReceived([...pending.values()]));
          pending.clear();
        });
        // The complete list hears of a pair listed since it loaded by the pair's first ticker,
        // and loads again (every symbol list with it), once for each new symbol.
        const complete = args.filter === 'all' && args.every_page === true;
        let loaded = false;
        const asked = new Set<string>();
        const unsubscribe = subscribeAllTickers((ticker) => {
          pending.set(ticker.symbol, ticker);
          flush.schedule();
          if (!complete || !loaded || asked.has(ticker.symbol)) return;
          if (getCacheEntry().data?.data.some((pair) => pair.symbol === ticker.symbol)) return;
          asked.add(ticker.symbol);
          dispatch(symbolsApi.util.invalidateTags(['Symbols']));
        });
        try {
          await cacheDataLoaded;
          loaded = true;
        } catch {
          // The list failed; live tickers still update the ticker state.
        }
        await cacheEntryRemoved;
        unsubscribe();
        flush.cancel();
      },
    }),
  }),
});

export const { useGetSymbolsQuery } = symbolsApi;
