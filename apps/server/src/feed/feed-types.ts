import type { ClientToServerEvents, ServerToClientEvents } from '@exchange/contracts';
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

export type FeedServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type FeedSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

export const symbolRoom = (symbol: string) => `market:${symbol}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
