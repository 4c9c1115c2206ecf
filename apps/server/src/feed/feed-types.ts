import type {
  ClientToServerEvents,
  OrderEntryOrderUpdate,
  ServerToClientEvents,
} from '@exchange/contracts';
import type { Server, Socket } from 'socket.io';
import type { CallWindow } from './socket-limits.js';

/** What the feed keeps per socket. */
export interface SocketData {
  /** null: a visitor. */
  userId: string | null;
  sessionId: string | null;
  /** The client's address, as the API's rate limits see it (TRUST_PROXY). */
  address: string;
  subscribeCalls: CallWindow;
}

/** What the feed's processes tell each other through the Redis adapter (`feed.ts`). */
export interface FeedServerEvents {
  order_entry_update: (userId: string, update: OrderEntryOrderUpdate) => void;
  api_key_revoked: (apiKeyId: string) => void;
}

export type FeedServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  FeedServerEvents,
  SocketData
>;
export type FeedSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  FeedServerEvents,
  SocketData
>;

export const symbolRoom = (symbol: string) => `market:${symbol}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
