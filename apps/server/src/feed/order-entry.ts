import {
  ORDER_ENTRY_NAMESPACE,
  placeOrderRequestSchema,
  type OrderDto,
  type OrderEntryAck,
  type OrderEntryClientEvents,
  type OrderEntryServerEvents,
} from '@exchange/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import type { OrderRecord } from '../core/trading/order-record.js';
import { AppError, rateLimited, refusedItem } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import { liveApiKeyIds } from '../modules/api-keys/repository.js';
import { verifySignedRequest } from '../modules/api-keys/service.js';
import { toOrderDto } from '../modules/orders/dto.js';
import {
  cancelByClientId,
  cancelUserOrder,
  startCancelAll,
  startOrder,
  type Submitted,
} from '../modules/orders/service.js';
import { userRoom, type FeedServer } from './feed-types.js';
import { SESSION_CHECK_MS } from './session-watch.js';
import { CallWindow, type SocketCounts } from './socket-limits.js';

interface EntryData {
  userId: string;
  apiKeyId: string;
  address: string;
}

type EntryNamespace = Namespace<OrderEntryClientEvents, OrderEntryServerEvents, object, EntryData>;
type EntrySocket = Socket<OrderEntryClientEvents, OrderEntryServerEvents, object, EntryData>;

const keyRoom = (apiKeyId: string) => `apikey:${apiKeyId}`;
const MINUTE_MS = 60_000;
const LOOPBACK = /^(127\.|::1$)/;

/**
 * WebSocket order entry (namespace `/trade`): a connection signs in once with an API key of
 * scope `trade` (the handshake's `auth: { key, timestamp, signature }`, signed like a request
 * with method `WS` and path `/trade`), then places and cancels through the same service calls
 * as HTTP: the same checks, holds, fees and writer. Each call is acknowledged with the order
 * shape HTTP answers, in the order the calls arrived; calls count against the client address's
 * `RATE_LIMIT_MAX` a minute as HTTP requests do. A revoked key's sockets close at once.
 */
export function attachOrderEntry(
  app: FastifyInstance,
  io: FeedServer,
  clientAddress: ClientAddress,
  counts: SocketCounts,
): () => void {
  const { ctx } = app;
  const nsp = io.of(ORDER_ENTRY_NAMESPACE) as unknown as EntryNamespace;
  const calls = new Map<string, CallWindow>();
  nsp.use((socket, next) => {
    const { headers, auth } = socket.handshake;
    const address = clientAddress.of(socket.conn.remoteAddress, headers['x-forwarded-for']);
    if (!counts.attempt(address, Date.now()))
      return next(new Error('Too many connection attempts. Try again in a minute'));
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    verifySignedRequest(
      ctx,
      {
        apiKey: text(auth.key),
        timestamp: text(auth.timestamp),
        signature: text(auth.signature),
        method: 'WS',
        path: ORDER_ENTRY_NAMESPACE,
        query: '',
        body: '',
        ip: address,
      },
      'trade',
    )
      .then((signedIn) => {
        const refused = counts.admit(address, signedIn.userId);
        if (refused) return next(new Error(refused));
        const release = () => counts.release(address, signedIn.userId);
        if (socket.conn.readyState === 'closed') release();
        else socket.conn.once('close', release);
        socket.data = {
          userId: signedIn.userId,
          apiKeyId: signedIn.apiKeyId as string,
          address,
        };
        next();
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) app.log.error({ err }, 'order entry sign-in failed');
        next(new Error(refusedItem(err).message));
      });
  });
  nsp.on('connection', (socket) => {
    // Order updates only to sockets that ask: each listening user costs the market data a read
    // of their changed orders and balances after every batch.
    const rooms = [keyRoom(socket.data.apiKeyId)];
    if (socket.handshake.auth.order_updates === true) rooms.push(userRoom(socket.data.userId));
    void socket.join(rooms);
    // The demo market maker runs on this machine (DEMO never runs in production): not counted.
    const own = ctx.config.demo && LOOPBACK.test(socket.data.address);
    const allow = () =>
      own || allowCall(calls, socket.data.address, ctx.config.rateLimit.globalMax);
    serve(ctx, app.log, socket, allow);
  });
  const stopListening = ctx.apiKeys.onRevoke((keyId) => {
    nsp.in(keyRoom(keyId)).disconnectSockets(true);
  });
  const stopChecking = checkKeysPeriodically(app, nsp);
  return () => {
    stopListening();
    stopChecking();
    nsp.disconnectSockets(true);
  };
}

/** The per-address allowance of calls a minute, as the HTTP rate limit counts requests. */
function allowCall(calls: Map<string, CallWindow>, address: string, max: number): boolean {
  if (calls.size > 100_000) calls.clear();
  let window = calls.get(address);
  if (!window) calls.set(address, (window = new CallWindow({ windowMs: MINUTE_MS })));
  return window.allow(Date.now(), max);
}

type Ack<T> = (result: OrderEntryAck<T>) => void;

/**
 * One socket's calls. Each call is started (checked and handed to the writer) only after the
 * previous one was, so the writer sees them in arrival order, and answered only after the
 * previous one was answered, so acknowledgements keep that order too; neither waits for the
 * previous call's commit, so a client may keep many calls in flight.
 */
function serve(
  ctx: AppContext,
  log: FastifyBaseLogger,
  socket: EntrySocket,
  allow: () => boolean,
): void {
  const { userId } = socket.data;
  let started: Promise<unknown> = Promise.resolve();
  let answered: Promise<unknown> = Promise.resolve();
  const call = <R, T>(
    ack: unknown,
    start: () => Promise<Submitted<R>> | Submitted<R>,
    shape: (result: R) => T,
  ) => {
    if (typeof ack !== 'function') return;
    const began = allow()
      ? started.then(start)
      : Promise.reject(rateLimited(Math.ceil(MINUTE_MS / 1000)));
    started = began.catch(() => undefined);
    // Settled into an answer at once (a refusal never goes unhandled), sent in turn.
    const answer = began
      .then((s) => s.done)
      .then(
        (r): OrderEntryAck<T> => ({ ok: true, data: shape(r) }),
        (err: unknown): OrderEntryAck<T> => {
          const refused = refusedItem(err);
          if (refused.status >= 500) log.error({ err }, 'order entry call failed');
          return { ok: false, ...refused };
        },
      );
    answered = answered.then(() => answer).then((answer) => (ack as Ack<T>)(answer));
  };
  const order = (o: OrderRecord): OrderDto => toOrderDto(o);
  socket.on('place', (body, ack) =>
    call(
      ack,
      () => {
        const parsed = placeOrderRequestSchema.safeParse(body);
        if (!parsed.success)
          throw new AppError(
            'VALIDATION_ERROR',
            parsed.error.issues[0]?.message ?? 'Invalid order',
          );
        return startOrder(ctx, userId, parsed.data);
      },
      order,
    ),
  );
  socket.on('cancel', (target, ack) =>
    call(
      ack,
      () => {
        const t = (target ?? {}) as { order_id?: unknown; client_order_id?: unknown };
        if (typeof t.order_id === 'string')
          return { done: cancelUserOrder(ctx, userId, t.order_id) };
        if (typeof t.client_order_id === 'string')
          return { done: cancelByClientId(ctx, userId, t.client_order_id) };
        throw new AppError('VALIDATION_ERROR', 'Give order_id or client_order_id');
      },
      order,
    ),
  );
  socket.on('cancel_all', (scope, ack) =>
    call(
      ack,
      () => {
        const symbol = (scope as { symbol?: unknown } | undefined)?.symbol;
        return startCancelAll(ctx, userId, typeof symbol === 'string' ? symbol : undefined);
      },
      (orders: OrderRecord[]) => orders.map(toOrderDto),
    ),
  );
}

/** Closes sockets whose key expired or was revoked by another process, every few seconds. */
function checkKeysPeriodically(app: FastifyInstance, nsp: EntryNamespace): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    const sockets = [...nsp.sockets.values()];
    const ids = [...new Set(sockets.map((s) => s.data.apiKeyId))];
    liveApiKeyIds(app.ctx.db, ids, app.ctx.now())
      .then((live) => {
        const alive = new Set(live);
        for (const s of sockets) if (!alive.has(s.data.apiKeyId)) s.disconnect(true);
      })
      .catch((err: unknown) => app.log.error({ err }, 'order entry key check failed'))
      .finally(() => (checking = false));
  }, SESSION_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
