import type { ApiSuccess, Candle, ChartInterval } from '@exchange/contracts';
import { api } from '@/lib/api-client';

export interface CandlesArgs {
  symbol: string;
  interval: ChartInterval;
}

/** The exchange's own candles (`GET /symbols/{symbol}/chart`), oldest first, the live one last. */
export const candlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCandles: build.query<Candle[], CandlesArgs>({
      query: ({ symbol, interval }) => ({
        url: `/symbols/${encodeURIComponent(symbol)}/chart`,
        params: { interval },
      }),
      transformResponse: (body: ApiSuccess<{ data: Candle[] }>) => body.data.data,
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (error) {
          // Spec section 8: only logged; the chart keeps what it had.
          console.error('Failed to fetch chart data:', error);
        }
      },
    }),
  }),
});

export const { useGetCandlesQuery } = candlesApi;
