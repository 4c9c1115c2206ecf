import type { OrderBookUpdate, RecentTrade, Ticker, TickerStats } from './market.js';
import type { OrderDto } from './orders.js';
import type { NotificationDto } from './trader-tools.js';
import type { z } from 'zod';
import type { balanceSchema } from './wallets.js';

/** One wallet balance of one token, as GET /wallets answers it. */
export type WalletBalance = z.infer<typeof balanceSchema>;

/** Every server event carries its payload under `data` (spec section 7). */
export interface SocketPayload<T> {
  data: T;
  /** When the server sent it, epoch milliseconds. */
  ts?: number;
}

/** The answer to `subscribe` and `unsubscribe` when the client asks for one. */
export interface SubscribeAck {
  ok: boolean;
  message?: string;
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
  /** A ticker changed; at most once a second per symbol. Carries the full `TickerStats`. */
  all_ticker_update: (payload: SocketPayload<Ticker>) => void;
  [event: `ticker_update@${string}`]: (payload: SocketPayload<TickerStats>) => void;
  /** Changed levels with sequence numbers; see `orderBookUpdateSchema`. */
  [event: `orderbook_update@${string}`]: (payload: SocketPayload<OrderBookUpdate>) => void;
  /** The trades since the previous update, oldest first; at most 10 updates a second. */
  [event: `trade_update@${string}`]: (payload: SocketPayload<RecentTrade[]>) => void;
  /** Signed-in sockets only: one of your orders changed (filled, partly filled, cancelled). */
  order_update: (payload: SocketPayload<OrderDto>) => void;
  /** Signed-in sockets only: your balances after a change, every wallet and token you hold. */
  balance_update: (payload: SocketPayload<WalletBalance[]>) => void;
  /** Signed-in sockets only: a new in-app notification (a price alert fired). */
  notification: (payload: SocketPayload<NotificationDto>) => void;
}

/**
 * Client → server events: join and leave a symbol's channels, with an optional acknowledgement.
 * A client signs in by passing `auth: { token }` (the API's access token) when it connects.
 */
export interface ClientToServerEvents {
  subscribe: (symbol: string, ack?: (result: SubscribeAck) => void) => void;
  unsubscribe: (symbol: string, ack?: (result: SubscribeAck) => void) => void;
}

/** Socket.IO over websocket only (spec section 7), at the API's origin. */
export const SOCKET_TRANSPORTS = ['websocket'] as const;
