import {
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@exchange/contracts';
import type { io as createSocket, Socket } from 'socket.io-client';
import { getToken, subscribeToken } from './session';

export type MarketSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<MarketSocket> | null = null;
/** The token the current connection signed in with (null: a visitor). */
let connectedAs: string | null = null;
/** Symbol → how many screens want its channels; re-joined after every (re)connect. */
const symbols = new Map<string, number>();

function open(io: typeof createSocket): MarketSocket {
  const s: MarketSocket = io({
    transports: [...SOCKET_TRANSPORTS],
    // Read at every (re)connect, so a reconnect signs in as whoever is signed in now.
    auth: (cb) => {
      connectedAs = getToken();
      cb(connectedAs ? { token: connectedAs } : {});
    },
  });
  s.on('connect', () => {
    console.info('[socket] connected');
    for (const symbol of symbols.keys()) s.emit('subscribe', symbol);
  });
  s.on('disconnect', (reason) => {
    console.info('[socket] disconnected:', reason);
    // The server closes a signed-in socket when its session ends (logout elsewhere, password
    // reset, revocation, expiry); Socket.IO does not reconnect after that by itself. Reconnect:
    // a token whose session ended signs in as nobody, so the socket carries on as a visitor's.
    if (reason === 'io server disconnect') s.connect();
  });
  s.on('connect_error', (error) => console.warn('[socket] connection error:', error.message));
  // Log in or log out (here or in another tab): reconnect as the new user or as a visitor, so
  // the server sends this user's order and balance updates and nobody else's.
  subscribeToken(() => {
    if (getToken() === connectedAs) return;
    s.disconnect();
    s.connect();
  });
  return s;
}

/**
 * The one Socket.IO connection (spec section 4: it connects once and is reused), websocket only,
 * at the page's own origin, signed in with the user's token (`auth: { token }`). The client
 * library loads with the first screen that shows live data, so screens without it (login,
 * sign-up) stay light. Reconnection keeps Socket.IO's defaults (1 s, up to 5 s, unlimited, 20 s
 * timeout); connection events are only logged.
 */
export function getSocket(): Promise<MarketSocket> {
  socket ??= import('socket.io-client').then(({ io }) => open(io));
  return socket;
}

/**
 * Joins a symbol's channels (`ticker_update@`, `orderbook_update@`, `trade_update@`) while the
 * returned function has not been called; screens showing the same symbol share one subscription.
 */
export function subscribeSymbol(symbol: string): () => void {
  const count = symbols.get(symbol) ?? 0;
  symbols.set(symbol, count + 1);
  if (count === 0) void getSocket().then((s) => s.connected && s.emit('subscribe', symbol));
  return () => {
    const left = (symbols.get(symbol) ?? 1) - 1;
    if (left > 0) {
      symbols.set(symbol, left);
      return;
    }
    symbols.delete(symbol);
    void getSocket().then((s) => s.connected && s.emit('unsubscribe', symbol));
  };
}

/**
 * Calls `listener` after every reconnection of the socket, including the first connection after
 * the server could not be reached at start: what a screen missed meanwhile must be fetched
 * again. Returns the function that stops it.
 */
export function onSocketReconnect(listener: () => void): () => void {
  let stopped = false;
  let off = () => {};
  void getSocket().then((s) => {
    if (stopped) return;
    s.io.on('reconnect', listener);
    off = () => s.io.off('reconnect', listener);
  });
  return () => {
    stopped = true;
    off();
  };
}

/** The part of RTK Query's `onCacheEntryAdded` lifecycle a live listener needs. */
interface CacheEntryLife {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Hears a server event while a cache entry lives (RTK Query's streaming pattern): from when its
 * data has loaded until the entry is removed. An entry whose load failed has nothing to keep live.
 */
export async function listenWhileCached<E extends keyof ServerToClientEvents>(
  event: E,
  listener: ServerToClientEvents[E],
  { cacheDataLoaded, cacheEntryRemoved }: CacheEntryLife,
): Promise<void> {
  const s = await getSocket();
  // Socket.IO types a listener by a condition on the event's name, which TypeScript leaves
  // unresolved for a generic name; this function's signature is the check.
  const heard = listener as never;
  try {
    await cacheDataLoaded;
    s.on(event, heard);
  } catch {
    // The entry failed to load (the failure is reported where it is read).
  }
  await cacheEntryRemoved;
  s.off(event, heard);
}
