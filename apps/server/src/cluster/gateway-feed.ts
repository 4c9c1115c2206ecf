import { ORDER_ENTRY_PATH, SOCKET_TRANSPORTS, UNAVAILABLE_MESSAGE } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { NatsConnection } from 'nats';
import { Server } from 'socket.io';
import { BINANCE_STREAM_PATHS } from '../feed/binance-streams.js';
import { attachBinanceWsApi, BINANCE_WS_API_PATH, callInto } from '../feed/binance-ws-api.js';
import {
  bothSinks,
  feedSink,
  MAX_CLIENT_MESSAGE_BYTES,
  onConnection,
  SOCKET_PATH,
} from '../feed/feed.js';
import type { FeedServer } from '../feed/feed-types.js';
import { ClientAddress } from '../lib/client-address.js';
import type { Metrics } from '../lib/metrics.js';
import { CallWindow, SocketCounts } from '../feed/socket-limits.js';
import type { Config } from '../config/env.js';
import type { EntryConnection } from '../feed/entry-connection.js';
import { attachOrderEntry } from '../feed/order-entry.js';
import type { CallStarter } from '../feed/order-entry-calls.js';
import { routeUpgrades } from '../feed/upgrades.js';
import { watchSessions } from '../feed/session-watch.js';
import type { MarketSink } from '../modules/market/market-data.js';
import { decodeJson, type BusRequester, type Subjects } from './bus.js';
import type { CoreEvent, SocketAuthAnswer } from './events.js';
import { attachGatewayStreams } from './gateway-streams.js';

/** Where the gateway's feed stands in the core's event stream. */
export interface FeedPosition {
  epoch: string | null;
  seq: number;
  /** Events found missing (a sequence number skipped): the clients' books resync on their own. */
  gaps: number;
}

/**
 * The realtime feed of a gateway: the same Socket.IO feed as the single server's (`feed/feed.ts`:
 * rooms per symbol and owner, the same events and payloads), fed by what the core publishes on
 * the broker instead of by a market data in this process. Each event carries the core's epoch
 * and a sequence number: a skipped number is counted and logged as a gap; the order book's own
 * `seq`/`prev_seq`, carried unchanged, makes each client fetch the book again (the feed's rule),
 * so a gap heals end to end; a gap, or a new core, closes the Binance user data streams, whose
 * clients reconnect. A socket's token is checked by the core; its socket closes when the
 * core ends its session (a `sessionEnd` event) or the periodic check finds it ended.
 */
export function attachGatewayFeed(
  app: FastifyInstance,
  nc: NatsConnection,
  bus: BusRequester,
  subjects: Subjects,
  options: {
    trustProxy: string[] | false;
    metrics: Metrics;
    timeoutMs: number;
    findSymbol: (symbol: string) => string | undefined;
    /**
     * The gateway's reader (its context and database): the sockets of sessions the core ended
     * close at once, and every few seconds those whose session expired or was revoked elsewhere.
     */
    reader: FastifyInstance;
    /** The socket caps of the order-entry connections (SOCKET_* settings). */
    limits: Config['socketLimits'];
    /** Where order-entry calls go: the core (`gateway-entry.ts`). */
    entryCalls: (connection: EntryConnection) => CallStarter;
  },
): FeedPosition {
  const io: FeedServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: [...SOCKET_TRANSPORTS],
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // Every other upgrade is routeUpgrades' to answer: engine.io would end one still signing in.
    destroyUpgrade: false,
  });
  const clientAddress = new ClientAddress(options.trustProxy);
  io.use((socket, next) => {
    const { headers } = socket.handshake;
    const address = clientAddress.of(socket.conn.remoteAddress, headers['x-forwarded-for']);
    const raw: unknown = socket.handshake.auth.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer /i, '') : null;
    const asked = token
      ? bus
          .request<SocketAuthAnswer>(subjects.socketAuth, { token }, options.timeoutMs)
          .then((answer) => answer.user)
      : Promise.resolve(null);
    asked.then(
      (user) => {
        socket.data = {
          userId: user?.userId ?? null,
          sessionId: user?.sessionId ?? null,
          address,
          subscribeCalls: new CallWindow(),
        };
        next();
      },
      (err: unknown) => {
        app.log.warn({ err }, 'socket sign-in check: the core did not answer');
        next(new Error(UNAVAILABLE_MESSAGE));
      },
    );
  });
  io.on('connection', (socket) => onConnection(socket, options.findSymbol));
  const stopWatching = watchSessions(options.reader, io);
  const sessionEnds = options.reader.ctx.sessionEnds;
  options.metrics.gauge(
    'exchange_feed_sockets',
    "Socket.IO connections to this process's feed",
    () => io.of('/').sockets.size,
  );
  // WebSocket order entry for API keys: signed in, counted and rate limited here (the reader's
  // context: its keys and database), each call handed to the core.
  const counts = new SocketCounts(options.limits);
  const entry = attachOrderEntry(options.reader, clientAddress, counts, options.entryCalls);
  // Binance's market streams, from the same events (`gateway-streams.ts`).
  const binance = attachGatewayStreams(options.reader, clientAddress, counts);
  // Binance's WebSocket API: signed in with the reader's keys, each call through this gateway's
  // own routes (to the core), its user data from the same events as the streams.
  const wsApi = attachBinanceWsApi(
    options.reader,
    clientAddress,
    counts,
    binance.followers,
    callInto(app),
  );
  routeUpgrades(app.server, SOCKET_PATH, {
    [ORDER_ENTRY_PATH]: entry.upgrade,
    ...Object.fromEntries(BINANCE_STREAM_PATHS.map((path) => [path, binance.upgrade])),
    [BINANCE_WS_API_PATH]: wsApi.upgrade,
  });
  const sink = bothSinks(feedSink(io, false, entry, options.metrics), binance.sink);
  const apiKeys = options.reader.ctx.apiKeys;
  const position: FeedPosition = { epoch: null, seq: 0, gaps: 0 };
  nc.subscribe(subjects.events, {
    callback: (_err, msg) => {
      const { epoch, seq, at, event } = decodeJson<CoreEvent>(msg.data);
      const gap = epoch === position.epoch && seq !== position.seq + 1;
      options.metrics.coreEvent(at === undefined ? null : (Date.now() - at) / 1000, gap);
      if (epoch !== position.epoch) {
        // A new core: what the last one committed but never published is unknown here.
        if (position.epoch !== null) binance.eventsLost();
        position.epoch = epoch;
      } else if (gap) {
        position.gaps += 1;
        app.log.warn({ expected: position.seq + 1, got: seq }, 'feed gap: events missed');
        binance.eventsLost();
      }
      position.seq = seq;
      if (event.kind === 'sessionEnd') sessionEnds.announce(event.end);
      else if (event.kind === 'keyRevoked') apiKeys.revoked(event.apiKeyId);
      else {
        if (event.kind === 'tickers') binance.best(event.best);
        deliver(sink, event);
      }
    },
  });
  app.addHook('preClose', async () => {
    stopWatching();
    io.local.disconnectSockets(true);
    io.engine.close();
    await entry.close();
    binance.close();
    wsApi.close();
  });
  return position;
}

function deliver(
  sink: MarketSink,
  event: Exclude<CoreEvent['event'], { kind: 'sessionEnd' | 'keyRevoked' }>,
): void {
  switch (event.kind) {
    case 'tickers':
      return sink.tickers(event.tickers);
    case 'orderBook':
      return sink.orderBook(event.update);
    case 'trades':
      return sink.trades(event.symbol, event.trades);
    case 'order':
      return sink.order(event.userId, event.order, event.fills);
    case 'balances':
      return sink.balances(event.userId, event.balances, event.changed);
    case 'balanceMoves':
      return sink.balanceMoves?.(event.userId, event.moves);
  }
}
