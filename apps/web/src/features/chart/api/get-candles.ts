import {
  DEFAULT_CHART_INTERVAL,
  type ApiSuccess,
  type Candle,
  type ChartInterval,
} from '@exchange/contracts';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { onSocketReconnect } from '@/lib/socket';

export interface CandlesArgs {
  symbol: string;
  interval: ChartInterval;
}

/**
 * Candles a load brings: the chart opens on the last 100 of them (the rest warm the indicators
 * up), and each scroll back past the oldest brings as many again.
 */
export const CANDLES_PAGE = 200;

/** The exchange's own candles (`GET /symbols/{symbol}/chart`), oldest first, the live one last. */
export const candlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCandles: build.query<Candle[], CandlesArgs>({
      query: ({ symbol, interval }) => ({
        url: `/symbols/${encodeURIComponent(symbol)}/chart`,
        params: { interval, limit: CANDLES_PAGE },
      }),
      transformResponse: (body: ApiSuccess<{ data: Candle[] }>) => body.data.data,
      // Candles that moved while the socket was away (or a chart that failed to load) come again.
      async onCacheEntryAdded(args, { dispatch, cacheEntryRemoved }) {
        const stop = onSocketReconnect(
          () =>
            void dispatch(
              candlesApi.endpoints.getCandles.initiate(args, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
        );
        await cacheEntryRemoved;
        stop();
      },
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (error) {
          // Spec section 8: only logged; the chart keeps what it had.
          console.error('Failed to fetch chart data:', error);
        }
      },
    }),
    /** The page of candles before `before` (epoch seconds), oldest first: scrolling back. */
    getOlderCandles: build.query<Candle[], CandlesArgs & { before: number }>({
      query: ({ symbol, interval, before }) => ({
        url: `/symbols/${encodeURIComponent(symbol)}/chart`,
        params: { interval, limit: CANDLES_PAGE, end_time: before },
      }),
      transformResponse: (body: ApiSuccess<{ data: Candle[] }>) => body.data.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCandlesQuery, useLazyGetOlderCandlesQuery } = candlesApi;

/**
 * Asks for the symbol's candles at the chart's default interval now, while the chart's own code
 * still loads (the trading screen calls it), so the chart draws as soon as it has mounted.
 */
export function usePrefetchCandles(symbol: string) {
  const prefetch = candlesApi.usePrefetch('getCandles');
  useEffect(() => {
    prefetch({ symbol, interval: DEFAULT_CHART_INTERVAL });
  }, [prefetch, symbol]);
}
