import type { OrderBookData, RecentTrade, Ticker } from './market.js';

/** Every server event carries its payload under `data` (spec section 7). */
export interface SocketPayload<T> {
  data: T;
}

/** Per-symbol channel names; the symbol is the pair's, e.g. `ticker_update@BTCUSDT`. */
export const socketChannels = {
  ticker: (symbol: string) => `ticker_update@${symbol}` as const,
  orderBook: (symbol: string) => `orderbook_update@${symbol}` as const,
  trades: (symbol: string) => `trade_update@${symbol}` as const,
};

/**
 * Server → client events, one typed map shared by server and web. `all_ticker_update` goes to
 * every client; the `@{symbol}` events only to clients that subscribed to that symbol.
 */
export interface ServerToClientEvents {
  all_ticker_update: (payload: SocketPayload<Ticker>) => void;
  [event: `ticker_update@${string}`]: (payload: SocketPayload<Ticker>) => void;
  [event: `orderbook_update@${string}`]: (payload: SocketPayload<OrderBookData>) => void;
  [event: `trade_update@${string}`]: (payload: SocketPayload<RecentTrade>) => void;
}

/** Client → server events: join and leave a symbol's channels. */
export interface ClientToServerEvents {
  subscribe: (symbol: string) => void;
  unsubscribe: (symbol: string) => void;
}

/** Socket.IO over websocket only (spec section 7), at the API's origin. */
export const SOCKET_TRANSPORTS = ['websocket'] as const;
