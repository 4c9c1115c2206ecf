import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type {
  OrderBookUpdate,
  OrderDto,
  RecentTrade,
  TickerStats,
  WalletBalance,
} from '@exchange/contracts';
import type { Engine } from '@exchange/engine';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import { bestLevels } from '../modules/binance/dto.js';
import { KLINE_INTERVALS } from '../modules/binance/exchange-info.js';
import { DepthSecond } from '../modules/binance/depth-second.js';
import {
  accountPosition,
  aggTradeEvent,
  depthUpdate,
  executionReport,
  fullTicker,
  klineEvent,
  miniTicker,
  tradeEvent,
  type OrderProgress,
} from '../modules/binance/stream-events.js';
import { ALL_MINI_TICKERS, parseStreamName, streamName } from '../modules/binance/stream-names.js';
import type { MarketData, MarketSink } from '../modules/market/market-data.js';
import { Outbox, StreamConnection, StreamFrames, StreamHub } from './binance-stream-hub.js';
import type { SocketCounts } from './socket-limits.js';
import { refuseUpgrade, type UpgradeHandler } from './upgrades.js';

/** Binance's stream paths: `/ws`, `/ws/<stream>[/<stream>…]` (raw) and `/stream?streams=` (combined). */
export const BINANCE_STREAM_PATHS = ['/ws', '/ws/*', '/stream'] as const;
/** Streams one connection may follow (Binance: 1024), control frames it may send a second (Binance: 5). */
const MAX_STREAMS = 1024;
const MAX_CONTROL_PER_SECOND = 10;
const PING_MS = 60_000;

/** What the streams read of a pair besides the events: its 24 h statistics and candles. */
export type StreamMarket = Pick<MarketData, 'stats' | 'candleSince'>;

export interface BinanceStreams {
  upgrade: UpgradeHandler;
  sink: MarketSink;
  close(): void;
}

/**
 * Binance's market and user data streams on a plain WebSocket (ccxt pro, Binance's SDKs): what
 * the market data tells the feed, in Binance's events; `SUBSCRIBE`, `UNSUBSCRIBE` and
 * `LIST_SUBSCRIPTIONS` frames. A stream without `@` is a user data stream's listen key
 * (`POST /api/v3/userDataStream`): its owner's `executionReport` and `outboundAccountPosition`.
 * `@ticker` (best bid and ask) is served where the book is: `engine`, null on a gateway.
 * A hole in a book's update numbers (events lost on the way to a gateway, a rebuilt book) closes
 * the connections following that book's depth: each fetches a new snapshot when it reconnects,
 * instead of keeping a book that silently misses a change.
 */
export function attachBinanceStreams(
  app: FastifyInstance,
  market: StreamMarket,
  clientAddress: ClientAddress,
  counts: SocketCounts,
  engine: Engine | null = app.ctx.core.state.trading.engine,
): BinanceStreams {
  const { ctx } = app;
  const hub = new StreamHub();
  const outbox = new Outbox();
  const open = new Set<StreamConnection>();
  // Never compressed: the hub writes each event's frame, built once, to every socket as it is.
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: 16_384,
    perMessageDeflate: false,
  });
  const findPair = (symbol: string) => ctx.core.state.trading.findPair(symbol);
  const depthSecond = new DepthSecond();
  const progress = new Map<string, OrderProgress>();
  /** Each book's last update number, to tell a hole. */
  const depthSeq = new Map<string, number>();
  let closed = false;

  /** Follows `name`; false when it names no stream served here (or a dead listen key). */
  const follow = (c: StreamConnection, name: string): boolean => {
    const parsed = parseStreamName(name, findPair);
    if (parsed === null || c.streams.size >= MAX_STREAMS) return false;
    if (
      !engine &&
      typeof parsed === 'object' &&
      'stream' in parsed &&
      parsed.stream.kind === 'ticker'
    )
      return false;
    if (typeof parsed === 'object' && 'listenKey' in parsed) {
      const key = ctx.listenKeys.find(parsed.listenKey, ctx.now().getTime());
      if (!key) return false;
      hub.followUser(c, name, key.userId);
    }
    hub.subscribe(c, name);
    return true;
  };

  const serve = (c: StreamConnection) => {
    open.add(c);
    let second = 0;
    let calls = 0;
    c.ws.on('pong', () => (c.alive = true));
    c.ws.on('error', (err) => app.log.debug({ err }, 'binance stream connection error'));
    c.ws.once('close', () => {
      open.delete(c);
      hub.drop(c);
    });
    c.ws.on('message', (data) => {
      const now = Math.floor(Date.now() / 1000);
      if (now !== second) [second, calls] = [now, 0];
      if (++calls > MAX_CONTROL_PER_SECOND) return c.ws.close(1008, 'Too many messages');
      c.ws.send(JSON.stringify(control(c, String(data))));
    });
  };

  /** A control frame's answer, as Binance words it. */
  const control = (c: StreamConnection, text: string) => {
    let frame: { method?: unknown; params?: unknown; id?: unknown };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return { error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' } };
    }
    const id = typeof frame.id === 'number' || typeof frame.id === 'string' ? frame.id : null;
    const names = Array.isArray(frame.params) ? frame.params : [];
    if (frame.method === 'LIST_SUBSCRIPTIONS') return { result: [...c.streams], id };
    if (frame.method !== 'SUBSCRIBE' && frame.method !== 'UNSUBSCRIBE')
      return {
        error: { code: 1, msg: 'Invalid value type: expected SUBSCRIBE or UNSUBSCRIBE' },
        id,
      };
    for (const name of names) {
      if (typeof name !== 'string')
        return { error: { code: 2, msg: 'Invalid request: params' }, id };
      if (frame.method === 'UNSUBSCRIBE') hub.unsubscribe(c, name);
      else if (!c.streams.has(name) && !follow(c, name))
        return { error: { code: 2, msg: `Invalid request: unknown stream ${name}` }, id };
    }
    return { result: null, id };
  };

  const upgrade: UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const tcp = socket as Socket;
    if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
    const address = clientAddress.of(tcp.remoteAddress, request.headers['x-forwarded-for']);
    if (!counts.attempt(address, Date.now()))
      return refuseUpgrade(tcp, new AppError('RATE_LIMITED', 'Too many connection attempts'));
    const url = new URL(request.url ?? '/', 'http://localhost');
    const combined = url.pathname === '/stream';
    const names = combined
      ? (url.searchParams.get('streams') ?? '').split('/').filter(Boolean)
      : url.pathname.split('/').slice(2).filter(Boolean);
    const refused = counts.admit(address, null);
    if (refused) return refuseUpgrade(tcp, new AppError('RATE_LIMITED', refused));
    tcp.once('close', () => counts.release(address, null));
    wss.handleUpgrade(request, tcp, head, (ws) => {
      const c = new StreamConnection(ws, tcp, combined, outbox);
      serve(c);
      // A name served nowhere is skipped, as Binance does: ccxt opens `/ws/<n>`, a number.
      for (const name of names) follow(c, name);
    });
  };

  /** Ends a connection's user data streams whose listen key is gone, telling it so. */
  const endDeadUserStreams = (c: StreamConnection, now: number) => {
    for (const name of [...c.listenKeys.keys()])
      if (!ctx.listenKeys.find(name, now)) {
        c.send(new StreamFrames(name, { e: 'listenKeyExpired', E: now, listenKey: name }));
        hub.unsubscribe(c, name);
      }
  };
  // A revoked API key's listen keys end at once, and with them its user data streams.
  const stopRevocations = ctx.apiKeys.onRevoke((apiKeyId) => {
    if (ctx.listenKeys.closeAllOf(apiKeyId).length === 0) return;
    for (const c of open) endDeadUserStreams(c, ctx.now().getTime());
  });
  const heartbeat = setInterval(() => {
    const now = ctx.now().getTime();
    for (const c of open) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
      endDeadUserStreams(c, now);
    }
  }, PING_MS);
  heartbeat.unref();
  const everySecond = setInterval(() => {
    const now = Date.now();
    for (const update of depthSecond.flush())
      hub.publish(streamName(update.symbol, 'depth'), () => depthUpdate(update, now));
  }, 1000);
  everySecond.unref();

  const sink: MarketSink = {
    tickers(tickers: TickerStats[]) {
      const now = Date.now();
      const minis: ReturnType<typeof miniTicker>[] = [];
      for (const t of tickers) {
        const pair = findPair(t.symbol);
        if (!pair) continue;
        const stats = market.stats(pair);
        const mini = miniTicker(pair, stats, now);
        minis.push(mini);
        hub.publish(streamName(pair.symbol, 'miniTicker'), () => mini);
        if (engine)
          hub.publish(streamName(pair.symbol, 'ticker'), () =>
            fullTicker(pair, stats, bestLevels(engine, pair), now),
          );
      }
      if (minis.length > 0) hub.publish(ALL_MINI_TICKERS, () => minis);
    },
    orderBook(update: OrderBookUpdate) {
      const last = depthSeq.get(update.symbol);
      depthSeq.set(update.symbol, update.seq);
      if (last !== undefined && update.prev_seq !== last)
        for (const kind of ['depth', 'depth@100ms'])
          hub.close(streamName(update.symbol, kind), 1011, 'Order book resync: fetch a snapshot');
      hub.publish(streamName(update.symbol, 'depth@100ms'), () => depthUpdate(update, Date.now()));
      if (hub.has(streamName(update.symbol, 'depth'))) depthSecond.add(update);
    },
    trades(symbol: string, trades: RecentTrade[]) {
      const now = Date.now();
      for (const t of trades) {
        hub.publish(streamName(symbol, 'trade'), () => tradeEvent(t, now));
        hub.publish(streamName(symbol, 'aggTrade'), () => aggTradeEvent(t, now));
      }
      const pair = findPair(symbol);
      if (!pair) return;
      for (const [interval, seconds] of Object.entries(KLINE_INTERVALS)) {
        const name = streamName(symbol, `kline_${interval}`);
        if (!hub.has(name)) continue;
        const start = now - (now % (seconds * 1000));
        const candle = market.candleSince(pair, start);
        if (candle) hub.publish(name, () => klineEvent(pair, interval, seconds, candle, now));
      }
    },
    listensFor: (userId: string) => hub.listensFor(userId),
    order(userId: string, order: OrderDto) {
      const { report, progress: now } = executionReport(order, progress.get(order._id), Date.now());
      if (progress.size > 100_000) progress.clear();
      if (order.status === 'open') progress.set(order._id, now);
      else progress.delete(order._id);
      hub.publishToUser(userId, report);
    },
    balances(userId: string, balances: WalletBalance[]) {
      hub.publishToUser(userId, accountPosition(balances, Date.now()));
    },
  };

  return {
    upgrade,
    sink,
    close() {
      closed = true;
      stopRevocations();
      clearInterval(heartbeat);
      clearInterval(everySecond);
      for (const c of open) c.ws.terminate();
    },
  };
}
