import {
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@exchange/contracts';
import type { Socket } from 'socket.io-client';

export type MarketSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<MarketSocket> | null = null;

/**
 * The one Socket.IO connection (spec section 4: it connects once and is reused), websocket only,
 * at the page's own origin. The client library loads with the first screen that shows live data,
 * so screens without it (login, sign-up) stay light. Reconnection keeps Socket.IO's defaults
 * (1 s, up to 5 s, unlimited, 20 s timeout); connection events are only logged.
 */
export function getSocket(): Promise<MarketSocket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const s: MarketSocket = io({ transports: [...SOCKET_TRANSPORTS] });
    s.on('connect', () => console.info('[socket] connected'));
    s.on('disconnect', (reason) => console.info('[socket] disconnected:', reason));
    s.on('connect_error', (error) => console.warn('[socket] connection error:', error.message));
    return s;
  });
  return socket;
}
