import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { OrderBookUpdate, RecentTrade, TickerStats } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import { bestLevels, type BestLevels } from '../modules/binance/dto.js';
import { KLINE_INTERVALS } from '../modules/binance/exchange-info.js';
import { DepthSecond } from '../modules/binance/depth-second.js';
import type { ListenKey } from '../modules/binance/listen-keys.js';
import {
  aggTradeEvent,
  depthUpdate,
  fullTicker,
  klineEvent,
  miniTicker,
  tradeEvent,
} from '../modules/binance/stream-events.js';
import {
  ALL_MINI_TICKERS,
  ALL_TICKERS,
  parseStreamName,
  streamName,
} from '../modules/binance/stream-names.js';
import { bookLevels } from '../core/trading/order-book-view.js';
import type { Pair } from '../core/trading/pairs.js';
import type { MarketData, MarketSink } from '../modules/market/market-data.js';
import { BookStreams, type BookTop } from './binance-book-streams.js';
import { streamControl } from './binance-stream-control.js';
import { Outbox, StreamConnection, StreamHub } from './binance-stream-hub.js';
import { UserStreams } from './binance-user-streams.js';
import type { WsApiFollowers } from './binance-ws-api.js';
import type { SocketCounts } from './socket-limits.js';
import { admitUpgrade, refuseUpgrade, type UpgradeHandler } from './upgrades.js';

/** Binance's stream paths: `/ws`, `/ws/<stream>[/<stream>…]` (raw) and `/stream?streams=` (combined). */
export const BINANCE_STREAM_PATHS = ['/ws', '/ws/*', '/stream'] as const;
/** Streams one connection may follow (Binance: 1024), control frames it may send a second (Binance: 5). */
const MAX_STREAMS = 1024;
const MAX_CONTROL_PER_SECOND = 10;
const PING_MS = 60_000;
/** `<symbol>@depth`'s names: the 1000 ms diffs under both, and the 100 ms ones. */
const SECOND_DEPTHS = ['depth', 'depth@1000ms'];
const ALL_DEPTHS = [...SECOND_DEPTHS, 'depth@100ms'];

/** What the streams read of a pair besides the events: its 24 h statistics and candles. */
export type StreamMarket = Pick<MarketData, 'stats' | 'candleSince'>;

/** A pair's best bid and ask with their quantities, for `@ticker`: the engine's, or as the core told. */
export type BestQuotes = (pair: Pair) => BestLevels | undefined;

export interface BinanceStreams {
  upgrade: UpgradeHandler;
  sink: MarketSink;
  /** Events were lost on the way to this process (a gateway's gap): user data streams close. */
  eventsLost(): void;
  /** The hub the WebSocket API's user data subscriptions follow users on (`binance-ws-api.ts`). */
  followers: WsApiFollowers;
  close(): void;
}

/**
 * Binance's market and user data streams on a plain WebSocket (ccxt pro, Binance's SDKs): what
 * the market data tells the feed, in Binance's events; `SUBSCRIBE`, `UNSUBSCRIBE` and
 * `LIST_SUBSCRIPTIONS`, `SET_PROPERTY`/`GET_PROPERTY` frames (`binance-stream-control.ts`); the
 * streams read from the book (`@bookTicker`, partial depths, `@avgPrice`: `binance-book-streams.ts`,
 * whose partial depths read the book with `top`, none on a gateway). A stream without `@` is a user data stream's listen key
 * (`POST /api/v3/userDataStream`), looked up before the connection opens or the `SUBSCRIBE` is
 * answered: its owner's `executionReport` and `outboundAccountPosition` (`binance-user-streams.ts`).
 * `@ticker`'s best bid and ask are the engine's here, the core's as it published them on a gateway.
 * A hole in a book's update numbers (events lost on the way to a gateway, a rebuilt book) closes
 * the connections following that book's depth: each fetches a new snapshot when it reconnects,
 * instead of keeping a book that silently misses a change.
 */
export function attachBinanceStreams(
  app: FastifyInstance,
  market: StreamMarket,
  clientAddress: ClientAddress,
  counts: SocketCounts,
  best: BestQuotes = (pair) => bestLevels(app.ctx.core.state.trading.engine, pair),
  top: BookTop | null = (pair, levels) =>
    bookLevels(app.ctx.core.state.trading.engine, pair, levels),
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
  const users = new UserStreams(app, hub);
  const books = new BookStreams(
    hub,
    () => ctx.core.state.trading.pairsById.values(),
    best,
    market,
    top,
  );
  /** Each book's last update number, to tell a hole. */
  const depthSeq = new Map<string, number>();
  let closed = false;

  /**
   * Follows `name`; false when it names no stream served here, or a listen key not among the
   * live `keys` (`users.resolve`).
   */
  const follow = (c: StreamConnection, name: string, keys: Map<string, ListenKey>): boolean => {
    const parsed = parseStreamName(name, findPair);
    if (parsed === null || c.streams.size >= MAX_STREAMS) return false;
    if (typeof parsed === 'object' && 'stream' in parsed && !books.serves(parsed.stream))
      return false;
    if (typeof parsed === 'object' && 'listenKey' in parsed) {
      const key = keys.get(parsed.listenKey);
      if (!key) return false;
      hub.followUser(c, name, key);
    }
    hub.subscribe(c, name);
    return true;
  };

  /** Pinged by the heartbeat, ended with its API key, unfollowed when it closes. */
  const adopt = (c: StreamConnection) => {
    open.add(c);
    c.ws.on('pong', () => (c.alive = true));
    c.ws.on('error', (err) => app.log.debug({ err }, 'binance stream connection error'));
    c.ws.once('close', () => {
      open.delete(c);
      hub.drop(c);
    });
  };

  const serve = (c: StreamConnection) => {
    adopt(c);
    let second = 0;
    let calls = 0;
    // Answered in order, each after its listen keys were looked up.
    let answered = Promise.resolve();
    c.ws.on('message', (data) => {
      const now = Math.floor(Date.now() / 1000);
      if (now !== second) [second, calls] = [now, 0];
      if (++calls > MAX_CONTROL_PER_SECOND) return c.ws.close(1008, 'Too many messages');
      answered = answered
        .then(() => control(c, String(data)))
        .then(
          (answer) => c.ws.send(JSON.stringify(answer)),
          (err: unknown) => {
            app.log.warn({ err }, 'binance stream: listen keys not read');
            c.ws.close(1011, 'Try again');
          },
        );
    });
  };

  const control = streamControl(hub, users, follow);

  const upgrade: UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const tcp = socket as Socket;
    if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
    if (admitUpgrade(request, tcp, clientAddress, counts) === null) return;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const combined = url.pathname === '/stream';
    const names = combined
      ? (url.searchParams.get('streams') ?? '').split('/').filter(Boolean)
      : url.pathname.split('/').slice(2).filter(Boolean);
    // The listen keys are looked up first: the stream is followed once the client sees it open.
    users.resolve(names).then(
      (keys) => {
        if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
        wss.handleUpgrade(request, tcp, head, (ws) => {
          const c = new StreamConnection(ws, tcp, combined ? 'combined' : 'raw', outbox);
          serve(c);
          // A name served nowhere is skipped, as Binance does: ccxt opens `/ws/<n>`, a number.
          for (const name of names) follow(c, name, keys);
        });
      },
      (err: unknown) => {
        app.log.warn({ err }, 'binance stream: listen keys not read');
        refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Try again'));
      },
    );
  };

  // A revoked API key's user data streams end at once.
  const stopRevocations = ctx.apiKeys.onRevoke((apiKeyId) => users.revoked(apiKeyId, open));
  const heartbeat = setInterval(() => {
    for (const c of open) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
    users
      .endExpired(open)
      .catch((err: unknown) => app.log.warn({ err }, 'binance stream: listen keys not read'));
  }, PING_MS);
  heartbeat.unref();
  const everySecond = setInterval(() => {
    const now = Date.now();
    for (const update of depthSecond.flush())
      for (const kind of SECOND_DEPTHS)
        hub.publish(streamName(update.symbol, kind), () => depthUpdate(update, now));
  }, 1000);
  everySecond.unref();

  const sink: MarketSink = {
    tickers(tickers: TickerStats[]) {
      const now = Date.now();
      const minis: ReturnType<typeof miniTicker>[] = [];
      const fulls: ReturnType<typeof fullTicker>[] = [];
      const all = hub.has(ALL_TICKERS);
      for (const t of tickers) {
        const pair = findPair(t.symbol);
        if (!pair) continue;
        const stats = market.stats(pair);
        const mini = miniTicker(pair, stats, now);
        minis.push(mini);
        hub.publish(streamName(pair.symbol, 'miniTicker'), () => mini);
        books.bookTicker(pair);
        const quotes = (all || hub.has(streamName(pair.symbol, 'ticker'))) && best(pair);
        if (!quotes) continue;
        const full = fullTicker(pair, stats, quotes, now);
        fulls.push(full);
        hub.publish(streamName(pair.symbol, 'ticker'), () => full);
      }
      if (minis.length > 0) hub.publish(ALL_MINI_TICKERS, () => minis);
      if (fulls.length > 0) hub.publish(ALL_TICKERS, () => fulls);
    },
    orderBook(update: OrderBookUpdate) {
      const last = depthSeq.get(update.symbol);
      depthSeq.set(update.symbol, update.seq);
      if (last !== undefined && update.prev_seq !== last)
        for (const kind of ALL_DEPTHS)
          hub.close(streamName(update.symbol, kind), 1011, 'Order book resync: fetch a snapshot');
      hub.publish(streamName(update.symbol, 'depth@100ms'), () => depthUpdate(update, Date.now()));
      if (SECOND_DEPTHS.some((kind) => hub.has(streamName(update.symbol, kind))))
        depthSecond.add(update);
      const pair = findPair(update.symbol);
      if (pair) books.orderBook(pair, update.seq);
    },
    trades(symbol: string, trades: RecentTrade[]) {
      const now = Date.now();
      books.trades(symbol, trades);
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
    listensFor: (userId) => users.listensFor(userId),
    wantsFills: (userId) => users.wantsFills(userId),
    order: (userId, order, fills) => users.order(userId, order, fills),
    balances: (userId, balances, changed) => users.balances(userId, balances, changed),
    balanceMoves: (userId, moves) => users.balanceMoves(userId, moves),
  };

  return {
    upgrade,
    sink,
    eventsLost: () => users.eventsLost(),
    followers: { hub, outbox, adopt },
    close() {
      closed = true;
      stopRevocations();
      clearInterval(heartbeat);
      clearInterval(everySecond);
      books.close();
      for (const c of open) c.ws.terminate();
    },
  };
}
