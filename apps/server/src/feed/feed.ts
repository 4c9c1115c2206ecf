import {
  socketChannels,
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type OrderBookUpdate,
  type OrderDto,
  type RecentTrade,
  type ServerToClientEvents,
  type SubscribeAck,
  type TickerStats,
  type WalletBalance,
  UNAVAILABLE_MESSAGE,
} from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import type { MarketSink } from '../modules/market/market-data.js';
import { signedInUser } from '../modules/sessions/service.js';
import { connectRedisAdapter } from './redis-adapter.js';

interface SocketData {
  userId: string | null;
}

type FeedServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
type FeedSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

const symbolRoom = (symbol: string) => `market:${symbol}`;
const userRoom = (userId: string) => `user:${userId}`;
/** How many symbols one socket may follow at once. */
const MAX_SUBSCRIPTIONS = 20;

export interface FeedOptions {
  /** Fan out through Redis so that several processes serve one feed; null: this process only. */
  redisUrl: string | null;
}

/**
 * The realtime feed: Socket.IO on the API's own HTTP server (path /socket.io, websocket only).
 * Every client gets `all_ticker_update`; `subscribe(symbol)` adds that symbol's ticker, book and
 * trade events; a socket that connects with `auth: { token }` also gets its owner's order and
 * balance updates. Closes with the app.
 */
export async function attachFeed(app: FastifyInstance, options: FeedOptions): Promise<MarketSink> {
  const io: FeedServer = new Server(app.server, {
    path: '/socket.io',
    transports: [...SOCKET_TRANSPORTS],
    serveClient: false,
  });
  const redis = options.redisUrl ? await connectRedisAdapter(io, options.redisUrl, app.log) : null;
  io.use((socket, next) => {
    const token = socket.handshake.auth.token;
    // The token as the app sends it, or an Authorization header's value: a stale one is a visitor.
    signedInUser(app.ctx, typeof token === 'string' ? token.replace(/^Bearer /i, '') : null)
      .then((auth) => {
        socket.data.userId = auth?.userId ?? null;
        next();
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'socket sign-in check failed');
        next(new Error(UNAVAILABLE_MESSAGE));
      });
  });
  io.on('connection', (socket) => onConnection(app.ctx, socket));
  // Sockets first, so the HTTP server is not held open by them when Fastify closes it.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await redis?.close();
  });
  return feedSink(io, redis !== null);
}

function onConnection(ctx: AppContext, socket: FeedSocket): void {
  const { userId } = socket.data;
  if (userId) void socket.join(userRoom(userId));
  const answer = (ack: unknown, result: SubscribeAck) => {
    if (typeof ack === 'function') (ack as (r: SubscribeAck) => void)(result);
  };
  socket.on('subscribe', (symbol, ack) => {
    const pair = typeof symbol === 'string' ? ctx.core.state.trading.findPair(symbol) : undefined;
    if (!pair) return answer(ack, { ok: false, message: `Unknown symbol ${String(symbol)}` });
    const rooms = [...socket.rooms].filter((r) => r.startsWith('market:'));
    if (rooms.length >= MAX_SUBSCRIPTIONS && !socket.rooms.has(symbolRoom(pair.symbol)))
      return answer(ack, { ok: false, message: `At most ${MAX_SUBSCRIPTIONS} symbols at once` });
    void socket.join(symbolRoom(pair.symbol));
    answer(ack, { ok: true });
  });
  socket.on('unsubscribe', (symbol, ack) => {
    if (typeof symbol === 'string') void socket.leave(symbolRoom(symbol.toUpperCase()));
    answer(ack, { ok: true });
  });
}

/** What the market data calls to publish; every payload carries the send time as `ts`. */
function feedSink(io: FeedServer, fannedOut: boolean): MarketSink {
  const stamp = <T>(data: T) => ({ data, ts: Date.now() });
  return {
    tickers(tickers: TickerStats[]) {
      for (const t of tickers) {
        io.emit('all_ticker_update', stamp(t));
        io.to(symbolRoom(t.symbol)).emit(socketChannels.ticker(t.symbol), stamp(t));
      }
    },
    orderBook(update: OrderBookUpdate) {
      io.to(symbolRoom(update.symbol)).emit(socketChannels.orderBook(update.symbol), stamp(update));
    },
    trades(symbol: string, trades: RecentTrade[]) {
      io.to(symbolRoom(symbol)).emit(socketChannels.trades(symbol), stamp(trades));
    },
    // Through Redis another process may hold the user's socket; alone, we know.
    listensFor: (userId: string) => fannedOut || io.of('/').adapter.rooms.has(userRoom(userId)),
    order(userId: string, order: OrderDto) {
      io.to(userRoom(userId)).emit('order_update', stamp(order));
    },
    balances(userId: string, balances: WalletBalance[]) {
      io.to(userRoom(userId)).emit('balance_update', stamp(balances));
    },
  };
}
