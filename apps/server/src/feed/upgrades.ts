import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError, refusedItem } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import { failure } from '../plugins/error-handler.js';
import type { SocketCounts } from './socket-limits.js';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Who answers a WebSocket upgrade on the API's HTTP server: Socket.IO its own path (engine.io
 * listens for it itself; it must be created with `destroyUpgrade: false`, or it ends every other
 * upgrade that has written nothing within a second, a sign-in still under way included), a
 * handler its exact path (or, keyed `<prefix>/*`, the paths below it), and any other path is refused with 404 at once. It routes for the
 * server's life: a handler refuses by itself once its endpoint is closed.
 */
export function routeUpgrades(
  server: Server,
  socketIoPath: string,
  handlers: Record<string, UpgradeHandler>,
): void {
  const route = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '';
    if (url.startsWith(`${socketIoPath}/`)) return;
    const path = pathOf(url);
    // A key ending in `/*` takes every path below its own (`/ws/<stream>`).
    const handler = handlers[path] ?? handlers[`${path.slice(0, path.indexOf('/', 1))}/*`];
    if (handler) handler(request, socket, head);
    else refuseUpgrade(socket, new AppError('NOT_FOUND', 'No WebSocket endpoint at this path'));
  };
  server.on('upgrade', route);
}

/** The URL's path, without the query. */
export function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

/**
 * Answers an upgrade with an HTTP error, the API's JSON envelope as its body (a 5xx with the
 * generic message only; the caller logs it), and closes the connection.
 */
export function refuseUpgrade(socket: Duplex, err: unknown): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = refusedItem(err);
  const data = err instanceof AppError && status < 500 ? err.data : undefined;
  const body = JSON.stringify(failure(status, code, message, data));
  socket.once('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * An anonymous upgrade (no user yet) counted against its client address's connection attempts
 * and open sockets, released when its socket closes: the address, or null when it was refused
 * (answered already).
 */
export function admitUpgrade(
  request: IncomingMessage,
  tcp: Socket,
  clientAddress: ClientAddress,
  counts: SocketCounts,
): string | null {
  const address = clientAddress.of(tcp.remoteAddress, request.headers['x-forwarded-for']);
  const refused = !counts.attempt(address, Date.now())
    ? 'Too many connection attempts'
    : counts.admit(address, null);
  if (refused) {
    refuseUpgrade(tcp, new AppError('RATE_LIMITED', refused));
    return null;
  }
  tcp.once('close', () => counts.release(address, null));
  return address;
}
