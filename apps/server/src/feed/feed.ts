import {
  ORDER_ENTRY_PATH,
  socketChannels,
  SOCKET_TRANSPORTS,
  type OrderBookUpdate,
  type OrderDto,
  type RecentTrade,
  type SubscribeAck,
  type TickerStats,
  type WalletBalance,
  type NotificationDto,
  UNAVAILABLE_MESSAGE,
} from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { ClientAddress } from '../lib/client-address.js';
import type { Metrics } from '../lib/metrics.js';
import type { MarketData, MarketSink } from '../modules/market/market-data.js';
import { attachBinanceStreams, BINANCE_STREAM_PATHS } from './binance-streams.js';
import { attachBinanceWsApi, BINANCE_WS_API_PATH, callInto } from './binance-ws-api.js';
import { signedInUser } from '../modules/sessions/service.js';
import {
  sessionRoom,
  symbolRoom,
  userRoom,
  type FeedServer,
  type FeedSocket,
} from './feed-types.js';
import { attachOrderEntry, type OrderEntry } from './order-entry.js';
import { databaseIdentity } from '../db/identity.js';
import { connectRedisAdapter } from './redis-adapter.js';
import { watchSessions } from './session-watch.js';
import { CallWindow, SocketCounts, SUBSCRIBE_CALLS, type SocketLimits } from './socket-limits.js';
import { routeUpgrades } from './upgrades.js';

export const SOCKET_PATH = '/socket.io';

/** How many symbols one socket may follow at once. */
const MAX_SUBSCRIPTIONS = 20;
/**
 * Largest message a client may send: clients send only symbols, and the connect packet's token
 * (about 400 bytes). Socket.IO's default of 1 MB would let any client make the server buffer
 * and parse a megabyte per message.
 */
export const MAX_CLIENT_MESSAGE_BYTES = 2_048;

export interface FeedOptions {
  /** Fan out through Redis so that several processes serve one feed; null: this process only. */
  redisUrl: string | null;
  /** The proxies whose X-Forwarded-For names the client (config TRUST_PROXY). */
  trustProxy: string[] | false;
  limits: SocketLimits;
}

/**
 * The realtime feed: Socket.IO on the API's own HTTP server (path /socket.io, websocket only).
 * Every client gets `all_ticker_update`; `subscribe(symbol)` adds that symbol's ticker, book and
 * trade events; a socket that connects with `auth: { token }` also gets its owner's order and
 * balance updates. Beside it, on the same server, WebSocket order entry for API keys
 * (ORDER_ENTRY_PATH, `order-entry.ts`); any other upgrade is refused. Closes with the app.
 */
export async function attachFeed(
  app: FastifyInstance,
  market: MarketData,
  options: FeedOptions,
): Promise<MarketSink> {
  const io: FeedServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: [...SOCKET_TRANSPORTS],
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // Every other upgrade is routeUpgrades' to answer: engine.io would end one still signing in.
    destroyUpgrade: false,
  });
  const redis = options.redisUrl
    ? await connectRedisAdapter(io, options.redisUrl, await databaseIdentity(app.ctx.db), app.log)
    : null;
  const clientAddress = new ClientAddress(options.trustProxy);
  const counts = new SocketCounts(options.limits);
  io.use((socket, next) => {
    const { headers } = socket.handshake;
    const address = clientAddress.of(socket.conn.remoteAddress, headers['x-forwarded-for']);
    // Refused before the sign-in check, so a flood of handshakes costs no database query.
    if (!counts.attempt(address, Date.now()))
      return next(new Error('Too many connection attempts. Try again in a minute'));
    const crowded = counts.admit(address, null);
    if (crowded) return next(new Error(crowded));
    const token = socket.handshake.auth.token;
    // The token as the app sends it, or an Authorization header's value: a stale one is a visitor.
    signedInUser(app.ctx, typeof token === 'string' ? token.replace(/^Bearer /i, '') : null)
      .then((auth) => {
        counts.release(address, null);
        const refused = counts.admit(address, auth?.userId ?? null);
        if (refused) return next(new Error(refused));
        socket.data = {
          userId: auth?.userId ?? null,
          sessionId: auth?.sessionId ?? null,
          address,
          subscribeCalls: new CallWindow(),
        };
        // The connection's end, whether or not the socket ever joined: the count is returned once.
        const release = () => counts.release(address, auth?.userId ?? null);
        if (socket.conn.readyState === 'closed') release();
        else socket.conn.once('close', release);
        next();
      })
      .catch((err: unknown) => {
        counts.release(address, null);
        app.log.error({ err }, 'socket sign-in check failed');
        next(new Error(UNAVAILABLE_MESSAGE));
      });
  });
  const findSymbol = (symbol: string) => app.ctx.core.state.trading.findPair(symbol)?.symbol;
  io.on('connection', (socket) => onConnection(socket, findSymbol));
  app.ctx.metrics.gauge(
    'exchange_feed_sockets',
    "Socket.IO connections to this process's feed",
    () => io.of('/').sockets.size,
  );
  const stopWatching = watchSessions(app, io);
  const orderEntry = attachOrderEntry(app, clientAddress, counts);
  const binance = attachBinanceStreams(app, market, clientAddress, counts);
  const wsApi = attachBinanceWsApi(app, clientAddress, counts, binance.followers, callInto(app));
  routeUpgrades(app.server, SOCKET_PATH, {
    [ORDER_ENTRY_PATH]: orderEntry.upgrade,
    ...Object.fromEntries(BINANCE_STREAM_PATHS.map((path) => [path, binance.upgrade])),
    [BINANCE_WS_API_PATH]: wsApi.upgrade,
  });
  if (redis) relayOrderEntry(app, io, orderEntry);
  // Sockets first, so the HTTP server is not held open by them when Fastify closes it.
  app.addHook('preClose', async () => {
    stopWatching();
    io.local.disconnectSockets(true);
    io.engine.close();
    await orderEntry.close();
    binance.close();
    wsApi.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await redis?.close();
  });
  return bothSinks(feedSink(io, redis !== null, orderEntry, app.ctx.metrics), binance.sink);
}

/**
 * Through Redis, what order entry hears in one process reaches its connections in every other:
 * the owners' order updates (the market data runs where the writer does) and revoked keys, which
 * each process also forgets from its key cache, so that they sign nothing more there either.
 */
function relayOrderEntry(app: FastifyInstance, io: FeedServer, orderEntry: OrderEntry): void {
  io.on('order_entry_update', (userId, update) => orderEntry.pushOrder(userId, update));
  io.on('api_key_revoked', (apiKeyId) => {
    app.ctx.apiKeys.forget(apiKeyId);
    orderEntry.closeKey(apiKeyId);
  });
  const stop = app.ctx.apiKeys.onRevoke((apiKeyId) =>
    io.serverSideEmit('api_key_revoked', apiKeyId),
  );
  app.addHook('preClose', async () => {
    stop();
  });
}

/**
 * A socket's rooms and calls: its owner's rooms when signed in, `subscribe` and `unsubscribe`
 * to symbols (`findSymbol`: the listed pair's symbol, undefined for an unknown one).
 */
export function onConnection(
  socket: FeedSocket,
  findSymbol: (symbol: string) => string | undefined,
): void {
  const { userId, sessionId } = socket.data;
  if (userId && sessionId) void socket.join([userRoom(userId), sessionRoom(sessionId)]);
  const answer = (ack: unknown, result: SubscribeAck) => {
    if (typeof ack === 'function') (ack as (r: SubscribeAck) => void)(result);
  };
  const tooFast = (ack: unknown) => {
    if (socket.data.subscribeCalls.allow(Date.now())) return false;
    const seconds = SUBSCRIBE_CALLS.windowMs / 1000;
    answer(ack, { ok: false, message: `At most ${SUBSCRIBE_CALLS.max} calls in ${seconds} s` });
    return true;
  };
  socket.on('subscribe', (symbol, ack) => {
    if (tooFast(ack)) return;
    const listed = typeof symbol === 'string' ? findSymbol(symbol) : undefined;
    if (!listed) return answer(ack, { ok: false, message: `Unknown symbol ${String(symbol)}` });
    const rooms = [...socket.rooms].filter((r) => r.startsWith('market:'));
    if (rooms.length >= MAX_SUBSCRIPTIONS && !socket.rooms.has(symbolRoom(listed)))
      return answer(ack, { ok: false, message: `At most ${MAX_SUBSCRIPTIONS} symbols at once` });
    void socket.join(symbolRoom(listed));
    answer(ack, { ok: true });
  });
  socket.on('unsubscribe', (symbol, ack) => {
    if (tooFast(ack)) return;
    if (typeof symbol === 'string') void socket.leave(symbolRoom(symbol.toUpperCase()));
    answer(ack, { ok: true });
  });
}

/**
 * What the market data calls to publish; every payload carries the send time as `ts`. A
 * gateway (cluster/gateway-feed.ts) calls it with what the core published over the broker.
 */
export function feedSink(
  io: FeedServer,
  fannedOut: boolean,
  orderEntry: Pick<OrderEntry, 'pushOrder' | 'listensFor'>,
  metrics: Metrics,
): MarketSink {
  const stamp = <T>(data: T) => ({ data, ts: Date.now() });
  const { rooms } = io.of('/').adapter;
  /** Counts a message to a room's sockets in this process (metrics). */
  const toRoom = (room: string, channel: string) => {
    metrics.feedSent(channel, rooms.get(room)?.size ?? 0);
    return io.to(room);
  };
  return {
    tickers(tickers: TickerStats[]) {
      metrics.feedSent('all_ticker_update', io.of('/').sockets.size * tickers.length);
      for (const t of tickers) {
        io.emit('all_ticker_update', stamp(t));
        toRoom(symbolRoom(t.symbol), 'ticker').emit(socketChannels.ticker(t.symbol), stamp(t));
      }
    },
    orderBook(update: OrderBookUpdate) {
      const room = symbolRoom(update.symbol);
      toRoom(room, 'order_book').emit(socketChannels.orderBook(update.symbol), stamp(update));
    },
    trades(symbol: string, trades: RecentTrade[]) {
      toRoom(symbolRoom(symbol), 'trades').emit(socketChannels.trades(symbol), stamp(trades));
    },
    // Through Redis another process may hold the user's socket; alone, we know.
    listensFor: (userId: string) =>
      fannedOut || io.of('/').adapter.rooms.has(userRoom(userId)) || orderEntry.listensFor(userId),
    wantsFills: () => false,
    order(userId: string, order: OrderDto) {
      const update = stamp(order);
      toRoom(userRoom(userId), 'order_update').emit('order_update', update);
      // Order-entry connections hear their owner's order updates too (fills of resting orders).
      const pushed = { event: 'order_update', ...update } as const;
      orderEntry.pushOrder(userId, pushed);
      if (fannedOut) io.serverSideEmit('order_entry_update', userId, pushed);
    },
    balances(userId: string, balances: WalletBalance[]) {
      toRoom(userRoom(userId), 'balance_update').emit('balance_update', stamp(balances));
    },
    notification(userId: string, notification: NotificationDto) {
      toRoom(userRoom(userId), 'notification').emit('notification', stamp(notification));
    },
  };
}

/** The feed's sink and the Binance streams' both told of everything. */
export function bothSinks(a: MarketSink, b: MarketSink): MarketSink {
  return {
    tickers: (tickers) => (a.tickers(tickers), b.tickers(tickers)),
    orderBook: (update) => (a.orderBook(update), b.orderBook(update)),
    trades: (symbol, trades) => (a.trades(symbol, trades), b.trades(symbol, trades)),
    listensFor: (userId) => a.listensFor(userId) || b.listensFor(userId),
    wantsFills: (userId) => a.wantsFills(userId) || b.wantsFills(userId),
    order: (userId, order, fills) => (a.order(userId, order, fills), b.order(userId, order, fills)),
    balances: (userId, balances, changed) => (
      a.balances(userId, balances, changed),
      b.balances(userId, balances, changed)
    ),
    balanceMoves: (userId, moves) => (
      a.balanceMoves?.(userId, moves),
      b.balanceMoves?.(userId, moves)
    ),
    notification: (userId, n) => (a.notification?.(userId, n), b.notification?.(userId, n)),
  };
}
