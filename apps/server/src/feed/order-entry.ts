import {
  ORDER_ENTRY_MAX_MESSAGE_BYTES,
  ORDER_ENTRY_ORDER_UPDATES,
  type OrderEntryOrderUpdate,
} from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { AppError, rateLimited } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import { liveApiKeyIds } from '../modules/api-key-store/service.js';
import { signedRequestOf, verifySignedRequest } from '../modules/api-keys/service.js';
import { EntryConnection, type EntryOwner } from './entry-connection.js';
import { serveCalls, type CallStarter } from './order-entry-calls.js';
import { SESSION_CHECK_MS } from './session-watch.js';
import { CallWindow, type SocketCounts } from './socket-limits.js';
import { refuseUpgrade, type UpgradeHandler } from './upgrades.js';

const MINUTE_MS = 60_000;
const LOOPBACK = /^(127\.|::1$)/;
/** A connection that has not answered a ping within this long is ended. */
const PING_MS = 20_000;
/** How long closing with the app waits for clients to answer the close frame. */
const CLOSE_WAIT_MS = 1_000;
/** RFC 6455 close codes: the server goes away; the key may no longer be used. */
const GOING_AWAY = 1001;
const POLICY_VIOLATION = 1008;

export interface OrderEntry {
  /** Handles an upgrade of ORDER_ENTRY_PATH. */
  upgrade: UpgradeHandler;
  /** Whether one of this user's connections here asked for order updates. */
  listensFor(userId: string): boolean;
  pushOrder(userId: string, update: OrderEntryOrderUpdate): void;
  /** Closes the key's connections here (it was revoked). */
  closeKey(apiKeyId: string): void;
  /** Stops accepting and closes every connection, for the app's close. */
  close(): Promise<void>;
}

/**
 * WebSocket order entry (ORDER_ENTRY_PATH, contracts `order-entry.ts`): the upgrade is a GET
 * signed with an API key of scope `trade`, checked as any key request (address allowlist,
 * receive window, replay) and counted against the same socket caps as the feed; a refusal is an
 * HTTP error with the API's JSON envelope. Then calls go through the same service functions as
 * HTTP (`order-entry-calls.ts`) and count against the client address's `RATE_LIMIT_MAX` a
 * minute as HTTP requests do. A revoked key's connections close at once, an expired key's (or
 * one revoked by another process) within `SESSION_CHECK_MS`; one that misses a ping is ended.
 */
export function attachOrderEntry(
  app: FastifyInstance,
  clientAddress: ClientAddress,
  counts: SocketCounts,
  /** Where a connection's calls start: here (none given), or the core of a gateway's cluster. */
  startersFor?: (connection: EntryConnection) => CallStarter,
): OrderEntry {
  const { ctx } = app;
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: ORDER_ENTRY_MAX_MESSAGE_BYTES,
  });
  const open = new Set<EntryConnection>();
  /** The connections that asked for order updates, by owner. */
  const listening = new Map<string, Set<EntryConnection>>();
  const calls = new Map<string, CallWindow>();
  let closed = false;

  const serve = (connection: EntryConnection) => {
    const { userId, orderUpdates } = connection.owner;
    open.add(connection);
    if (orderUpdates) listening.set(userId, (listening.get(userId) ?? new Set()).add(connection));
    connection.ws.once('close', () => {
      open.delete(connection);
      const theirs = listening.get(userId);
      theirs?.delete(connection);
      if (theirs?.size === 0) listening.delete(userId);
    });
    connection.ws.on('error', (err) => app.log.debug({ err }, 'order entry connection error'));
    // The demo market maker runs on this machine (DEMO never runs in production): not counted.
    const own = ctx.config.demo && LOOPBACK.test(connection.owner.address);
    const allow = () =>
      own || allowCall(calls, connection.owner.address, ctx.config.rateLimit.globalMax)
        ? null
        : rateLimited(Math.ceil(MINUTE_MS / 1000));
    serveCalls(ctx, app.log, connection, allow, startersFor?.(connection));
  };

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const tcp = socket as Socket;
    if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
    const failed = () => tcp.destroy();
    tcp.on('error', failed);
    const address = clientAddress.of(tcp.remoteAddress, request.headers['x-forwarded-for']);
    signIn(app, request, address, counts)
      .then((owner) => {
        const release = () => counts.release(owner.address, owner.userId);
        if (tcp.destroyed) return release();
        tcp.once('close', release);
        if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
        wss.handleUpgrade(request, tcp, head, (ws) => {
          tcp.off('error', failed);
          serve(new EntryConnection(ws, tcp, owner));
        });
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) app.log.error({ err }, 'order entry sign-in failed');
        refuseUpgrade(tcp, err);
      });
  };

  const closeWhere = (test: (c: EntryConnection) => boolean, code: number, reason: string) => {
    for (const c of open) if (test(c)) c.close(code, reason);
  };
  const closeKey = (keyId: string) =>
    closeWhere((c) => c.owner.apiKeyId === keyId, POLICY_VIOLATION, 'API key revoked');
  const stopListening = ctx.apiKeys.onRevoke(closeKey);
  const stopChecking = checkKeysPeriodically(app, open, (expired) =>
    closeWhere(
      (c) => expired.has(c.owner.apiKeyId),
      POLICY_VIOLATION,
      'API key expired or revoked',
    ),
  );
  const heartbeat = setInterval(() => {
    for (const c of open) c.beat();
  }, PING_MS);
  heartbeat.unref();

  return {
    upgrade,
    listensFor: (userId) => listening.has(userId),
    pushOrder: (userId, update) => {
      for (const c of listening.get(userId) ?? []) c.send(update);
    },
    closeKey,
    close: async () => {
      closed = true;
      stopListening();
      stopChecking();
      clearInterval(heartbeat);
      const ends = [...open].map((c) => new Promise((resolve) => c.ws.once('close', resolve)));
      closeWhere(() => true, GOING_AWAY, 'Server closing');
      const waited = setTimeout(() => {
        for (const c of open) c.ws.terminate();
      }, CLOSE_WAIT_MS);
      await Promise.all(ends);
      clearTimeout(waited);
    },
  };
}

/**
 * The upgrade's sign-in: within the address's connection attempts a minute, signed as a GET of
 * its path and query with a key of scope `trade`, then counted in (or refused) by the socket caps.
 */
async function signIn(
  app: FastifyInstance,
  request: IncomingMessage,
  address: string,
  counts: SocketCounts,
): Promise<EntryOwner> {
  if (!counts.attempt(address, Date.now()))
    throw new AppError('RATE_LIMITED', 'Too many connection attempts. Try again in a minute');
  const signed = signedRequestOf(request, address);
  const signedIn = await verifySignedRequest(app.ctx, signed, 'trade');
  const refused = counts.admit(address, signedIn.userId);
  if (refused) throw new AppError('RATE_LIMITED', refused);
  return {
    userId: signedIn.userId,
    apiKeyId: signedIn.apiKeyId as string,
    address,
    orderUpdates: new URLSearchParams(signed.query).get(ORDER_ENTRY_ORDER_UPDATES) === 'true',
  };
}

/** The per-address allowance of calls a minute, as the HTTP rate limit counts requests. */
function allowCall(calls: Map<string, CallWindow>, address: string, max: number): boolean {
  if (calls.size > 100_000) calls.clear();
  let window = calls.get(address);
  if (!window) calls.set(address, (window = new CallWindow({ windowMs: MINUTE_MS })));
  return window.allow(Date.now(), max);
}

/** Tells `expire` the keys of open connections that expired or were revoked by another process. */
function checkKeysPeriodically(
  app: FastifyInstance,
  open: Set<EntryConnection>,
  expire: (keyIds: Set<string>) => void,
): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || open.size === 0) return;
    checking = true;
    const ids = [...new Set([...open].map((c) => c.owner.apiKeyId))];
    liveApiKeyIds(app.ctx.db, ids, app.ctx.now())
      .then((live) => {
        const alive = new Set(live);
        expire(new Set(ids.filter((id) => !alive.has(id))));
      })
      .catch((err: unknown) => app.log.error({ err }, 'order entry key check failed'))
      .finally(() => (checking = false));
  }, SESSION_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
