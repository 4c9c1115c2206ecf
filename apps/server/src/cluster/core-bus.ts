import { randomUUID } from 'node:crypto';
import type { TickerStats } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { Msg, NatsConnection } from 'nats';
import { bestLevels } from '../modules/binance/dto.js';
import type { MarketSink } from '../modules/market/market-data.js';
import { signedInUser } from '../modules/sessions/service.js';
import { databaseIdentity } from '../db/identity.js';
import type { Config } from '../config/env.js';
import {
  connectBus,
  encodeJson,
  onRelink,
  loadBusKey,
  serveSigned,
  subjectsFor,
  type Subjects,
} from './bus.js';
import { BusVerifier } from './bus-signature.js';
import type { BusRequest, BusResponse } from './http-envelope.js';
import { serveEntryCalls } from './gateway-entry.js';
import { messageHeaders } from './http-envelope.js';
import {
  bestToWire,
  type BestOnWire,
  type CoreEvent,
  type PingAnswer,
  type SocketAuthAnswer,
  type StandbyReport,
} from './events.js';

/** The core's side of the broker: what it publishes, and when it starts answering. */
export interface CoreBus {
  /** Publishes every market data and owner's event, numbered, for the gateways' feeds. */
  sink: MarketSink;
  /** Starts answering the gateways (once the app is complete: its routes registered). */
  serve(): void;
  /** A standby says it is there (each time it followed the tables), for the gateways' metrics. */
  standingBy(rows: number): void;
}

/**
 * Joins this core to the broker (ROLE=core). Only the active core gets here: a standby waits
 * for the writer lock before `buildApp` reaches this, so the gateways' requests, in the queue
 * group every core shares, reach the one core that may write. Its events carry an epoch (a new
 * one each time a core starts) and a sequence number, so a gateway tells a gap from a new core.
 */
export async function startCoreBus(app: FastifyInstance, config: Config): Promise<CoreBus> {
  const nc = await connectBus(config.cluster, `core-${process.pid}`, app.log);
  const verifier = new BusVerifier(await loadBusKey(config));
  const subjects = subjectsFor(await databaseIdentity(app.ctx.db));
  const epoch = randomUUID();
  let seq = 0;
  const publish = (event: CoreEvent['event']) => {
    seq += 1;
    nc.publish(
      subjects.events,
      encodeJson({ epoch, seq, at: Date.now(), event } satisfies CoreEvent),
    );
  };
  // Each gateway closes the ended sessions' sockets it holds.
  const stopEnds = app.ctx.sessionEnds.listen((end) => publish({ kind: 'sessionEnd', end }));
  const stopRevokes = app.ctx.apiKeys.onRevoke((apiKeyId) =>
    publish({ kind: 'keyRevoked', apiKeyId }),
  );
  app.addHook('onClose', async () => {
    stopEnds();
    stopRevokes();
    await nc.drain().catch(() => undefined);
  });
  return {
    sink: {
      tickers: (tickers) => publish({ kind: 'tickers', tickers, best: bestOf(app, tickers) }),
      orderBook: (update) => publish({ kind: 'orderBook', update }),
      trades: (symbol, trades) => publish({ kind: 'trades', symbol, trades }),
      // Any gateway may hold the owner's sockets.
      listensFor: () => true,
      // A gateway's Binance user data may report each fill.
      wantsFills: () => true,
      order: (userId, order, fills) => publish({ kind: 'order', userId, order, fills }),
      balances: (userId, balances, changed) =>
        publish({ kind: 'balances', userId, balances, changed }),
      balanceMoves: (userId, moves) => publish({ kind: 'balanceMoves', userId, moves }),
    },
    serve: () => serve(app, nc, verifier, subjects, epoch),
    standingBy: (rows) =>
      nc.publish(subjects.standby, encodeJson({ pid: process.pid, rows } satisfies StandbyReport)),
  };
}

/** The best bid and ask of the tickers' pairs now: what this core's own `@ticker` sends with them. */
function bestOf(app: FastifyInstance, tickers: TickerStats[]): Record<string, BestOnWire> {
  const { trading } = app.ctx.core.state;
  const best: Record<string, BestOnWire> = {};
  for (const t of tickers) {
    const pair = trading.findPair(t.symbol);
    if (pair) best[pair.symbol] = bestToWire(bestLevels(trading.engine, pair));
  }
  return best;
}

/**
 * Answers the gateways: every request signed by a gateway (`serveSigned`), or refused. The
 * client's address the core acts on is the one inside a verified request, as its gateway saw it.
 */
function serve(
  app: FastifyInstance,
  nc: NatsConnection,
  verifier: BusVerifier,
  subjects: Subjects,
  epoch: string,
) {
  const reply = (msg: Msg, value: unknown) => {
    if (msg.reply) msg.respond(encodeJson(value));
  };
  serveSigned<BusRequest>(nc, subjects.http, verifier, app.log, (request, msg) => {
    void answerHttp(app, request).then(
      (response) => reply(msg, response),
      (err: unknown) => app.log.error({ err }, 'request over the broker failed'),
    );
  });
  serveSigned<{ token: string | null }>(
    nc,
    subjects.socketAuth,
    verifier,
    app.log,
    ({ token }, msg) => {
      void signedInUser(app.ctx, token).then(
        (auth) =>
          reply(msg, {
            user: auth && { userId: auth.userId, sessionId: auth.sessionId },
          } satisfies SocketAuthAnswer),
        (err: unknown) => app.log.error({ err }, 'socket sign-in check failed'),
      );
    },
  );
  let links = 1;
  onRelink(nc, () => (links += 1));
  serveSigned(nc, subjects.ping, verifier, app.log, (_value, msg) => {
    const symbols = [...app.ctx.core.state.trading.pairsBySymbol.keys()];
    reply(msg, { epoch, symbols, links } satisfies PingAnswer);
  });
  serveEntryCalls(app, nc, verifier, subjects);
  app.log.info({ subjects }, 'the core answers the gateways over the broker');
}

/** Runs the request through this app as if it had arrived here, and answers what it would have. */
async function answerHttp(app: FastifyInstance, request: BusRequest): Promise<BusResponse> {
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, 'x-request-id': request.requestId },
    remoteAddress: request.remoteAddress,
    ...(request.body !== undefined && { payload: Buffer.from(request.body, 'base64') }),
  });
  return {
    status: res.statusCode,
    headers: messageHeaders(res.headers),
    body: res.rawPayload.toString('base64'),
  };
}
