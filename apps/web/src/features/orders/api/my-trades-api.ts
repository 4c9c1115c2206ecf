import type { ApiSuccess, MyTradeDto } from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';
import { listenWhileCached } from '@/lib/socket';

/** Trade History's page size, as the orders tabs'. */
export const TRADES_PAGE_SIZE = 20;

export interface MyTradesPage {
  data: MyTradeDto[];
  total: number;
}

/**
 * GET /orders/spot/trades: the user's fills on every pair, newest first. A fill changes the
 * order it filled, so an `order_update` loads the page again.
 */
export const myTradesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyTrades: build.query<MyTradesPage, number>({
      query: (page) => ({
        url: '/orders/spot/trades',
        params: { page, page_size: TRADES_PAGE_SIZE },
      }),
      transformResponse: (body: ApiSuccess<MyTradeDto[]>) => ({
        data: body.data,
        total: body.total ?? body.data.length,
      }),
      providesTags: ['Orders'],
      async onCacheEntryAdded(page, life) {
        const again = () =>
          void life.dispatch(
            myTradesApi.endpoints.getMyTrades.initiate(page, {
              forceRefetch: true,
              subscribe: false,
            }),
          );
        await listenWhileCached('order_update', again, life);
      },
    }),
  }),
});

export const { useGetMyTradesQuery } = myTradesApi;

/** Every fill of the user as CSV, under the server's file name. */
export const downloadTradesCsv = () => downloadCsv('/orders/spot/trades/csv', 'trades.csv');
