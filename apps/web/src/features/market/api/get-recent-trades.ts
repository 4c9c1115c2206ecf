import {
  RECENT_TRADES_PAGE_SIZE,
  socketChannels,
  type ApiSuccess,
  type RecentTrade,
  type SocketPayload,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { frameBatch } from '@/lib/frame-batch';
import { listenWhileCached, onSocketReconnect, subscribeSymbol } from '@/lib/socket';
import { addTrades } from '../recent-trades-model';

export const recentTradesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest trades, newest first, then `trade_update@{symbol}` (D22), once per frame. */
    getRecentTrades: build.query<RecentTrade[], string>({
      query: (symbol) => ({
        url: `/symbols/${encodeURIComponent(symbol)}/recent-trades`,
        params: { page_size: RECENT_TRADES_PAGE_SIZE },
      }),
      transformResponse: (body: ApiSuccess<{ data: RecentTrade[] }>) => body.data.data,
      async onCacheEntryAdded(symbol, { updateCachedData, dispatch, ...life }) {
        const leave = subscribeSymbol(symbol);
        // Trades made while the socket was away (or a list that failed to load) come again.
        const stopRefetching = onSocketReconnect(
          () =>
            void dispatch(
              recentTradesApi.endpoints.getRecentTrades.initiate(symbol, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
        );
        let pending: RecentTrade[] = [];
        const paint = frameBatch(() => {
          const incoming = pending;
          pending = [];
          updateCachedData((list) => addTrades(list, incoming));
        });
        const onTrades = ({ data }: SocketPayload<RecentTrade[]>) => {
          pending.push(...data);
          paint.schedule();
        };
        // A failed list is only logged (spec section 8).
        await listenWhileCached(socketChannels.trades(symbol), onTrades, life);
        stopRefetching();
        paint.cancel();
        leave();
      },
    }),
  }),
});

export const { useGetRecentTradesQuery } = recentTradesApi;
