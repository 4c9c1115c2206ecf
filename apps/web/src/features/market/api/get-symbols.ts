import {
  SYMBOLS_PAGE_SIZE,
  type ApiSuccess,
  type MarketSymbol,
  type SymbolFilter,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { subscribeAllTickers } from '../live-tickers';
import { tickerReceived, tickersLoaded } from '../ticker-slice';

export interface SymbolsArgs {
  filter: SymbolFilter;
  page?: number;
  page_size?: number;
}

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
      query: ({ filter, page = 1, page_size = SYMBOLS_PAGE_SIZE }) => ({
        url: '/symbols',
        params: { filter, page, page_size },
      }),
      transformResponse: toPage,
      providesTags: ['Symbols'],
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (args.filter === 'all') dispatch(tickersLoaded(data.data));
        } catch (error) {
          // Spec section 8: symbol fetch failures are only logged.
          console.error('Failed to fetch symbols:', error);
        }
      },
      // Live tickers stream in while any symbol list is on screen.
      async onCacheEntryAdded(_args, { dispatch, cacheDataLoaded, cacheEntryRemoved }) {
        const unsubscribe = subscribeAllTickers((ticker) => dispatch(tickerReceived(ticker)));
        try {
          await cacheDataLoaded;
        } catch {
          // The list failed; live tickers still update the ticker state.
        }
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
  }),
});

export const { useGetSymbolsQuery } = symbolsApi;
