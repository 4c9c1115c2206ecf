import {
  socketChannels,
  type ApiSuccess,
  type OrderBookSnapshot,
  type OrderBookUpdate,
  type SocketPayload,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { frameBatch } from '@/lib/frame-batch';
import { getSocket, onSocketReconnect, subscribeSymbol } from '@/lib/socket';
import {
  applyUpdate,
  bookFromSnapshot,
  viewOf,
  type BookView,
  type LiveBook,
} from '../order-book-model';

/** Spec section 9: the order book is fetched with page_size 50. */
const BOOK_FETCH_SIZE = 50;

const snapshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderBookSnapshot: build.query<OrderBookSnapshot, string>({
      query: (symbol) => ({
        url: `/symbols/${encodeURIComponent(symbol)}/orderbook`,
        params: { page_size: BOOK_FETCH_SIZE },
      }),
      transformResponse: (body: ApiSuccess<OrderBookSnapshot>) => body.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

const fetchSnapshot = (symbol: string, refetch = false) =>
  snapshotApi.endpoints.getOrderBookSnapshot.initiate(symbol, {
    subscribe: false,
    forceRefetch: refetch,
  });

export const orderBookApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The book shown: the snapshot, then `orderbook_update@{symbol}` merged with the sequence
     * rules (a gap fetches the snapshot again), repainted at most once per animation frame.
     */
    getOrderBook: build.query<BookView, string>({
      async queryFn(symbol, { dispatch }) {
        const result = await dispatch(fetchSnapshot(symbol, true));
        if (result.error || !result.data) {
          return { error: { status: 'CUSTOM_ERROR', error: 'Order book unavailable' } as const };
        }
        const book = bookFromSnapshot(result.data);
        latest.set(symbol, book);
        return { data: viewOf(book) };
      },
      async onCacheEntryAdded(symbol, api) {
        const { dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved } = api;
        const leave = subscribeSymbol(symbol);
        const paint = frameBatch(() => {
          const book = latest.get(symbol);
          if (book) updateCachedData(() => viewOf(book));
        });
        let resyncing = false;
        let held: OrderBookUpdate[] = [];
        const resync = async () => {
          resyncing = true;
          try {
            const snapshot = await dispatch(fetchSnapshot(symbol, true)).unwrap();
            const book = bookFromSnapshot(snapshot);
            latest.set(symbol, book);
            for (const update of held) applyUpdate(book, update);
            paint.schedule();
          } catch (error) {
            console.error('Failed to fetch the order book:', error);
          } finally {
            held = [];
            resyncing = false;
          }
        };
        const onUpdate = ({ data }: SocketPayload<OrderBookUpdate>) => {
          if (resyncing) return void held.push(data);
          const book = latest.get(symbol);
          if (!book) return;
          const outcome = applyUpdate(book, data);
          if (outcome === 'applied') paint.schedule();
          else if (outcome === 'gap') void resync();
        };
        const channel = socketChannels.orderBook(symbol);
        const socket = await getSocket();
        // A reconnect may have missed updates: start again from the snapshot.
        let stopResyncing = () => {};
        try {
          await cacheDataLoaded;
          socket.on(channel, onUpdate);
          stopResyncing = onSocketReconnect(() => void resync());
        } catch {
          // The snapshot failed; nothing to keep live.
        }
        await cacheEntryRemoved;
        socket.off(channel, onUpdate);
        stopResyncing();
        paint.cancel();
        latest.delete(symbol);
        leave();
      },
    }),
  }),
});

/** The live book per symbol while its cache entry lives (outside the store: it is mutable). */
const latest = new Map<string, LiveBook>();

export const { useGetOrderBookQuery } = orderBookApi;
