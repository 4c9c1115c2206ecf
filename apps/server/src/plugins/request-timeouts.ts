import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';

/**
 * Above Socket.IO's ping interval plus its timeout (25 s + 20 s), so a quiet long-poll survives;
 * a connection that sends nothing for this long is closed. Websockets leave this timer behind.
 */
export const IDLE_CONNECTION_MS = 60_000;

/** What Node answers when its own request timeout fires; the connection closes after it. */
const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The clock of `requestTimeouts` while the request is still arriving. */
    arrivalTimer: NodeJS.Timeout | null;
  }
}

/**
 * Every request must arrive whole (headers and body) within `requestTimeoutMs`, or its connection
 * is closed with 408: a client trickling a body would otherwise hold a socket and a parser for
 * ever. The server-wide limit (Fastify's `requestTimeout`) is the uploads' longer one; other
 * routes have their body parsed before `preHandler`, so the shorter clock stops there. The upload
 * route reads its multipart body inside the handler, so it runs on the server-wide clock alone.
 */
export const requestTimeouts = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // Callback hooks, not async ones, and the timer on the request (a decorated field, not a
  // WeakMap): no promise nor map entry per request on the order path (issue 33).
  app.decorateRequest('arrivalTimer', null);
  // Started once the onRequest hooks have run, with what is left of the time since the request
  // came in: by then a request that came in one packet (most API calls) has arrived whole, has
  // nothing left to wait for, and costs no timer (issue 33).
  app.addHook('preParsing', (request, reply, _payload, done) => {
    if (!request.raw.complete) {
      const left = config.requestTimeoutMs - reply.elapsedTime;
      request.arrivalTimer = setTimeout(expire, left, request).unref();
    }
    done();
  });
  const stop = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (request.arrivalTimer) {
      clearTimeout(request.arrivalTimer);
      request.arrivalTimer = null;
    }
    done();
  };
  app.addHook('preHandler', stop);
  app.addHook('onResponse', stop);
  app.addHook('onRequestAbort', (request, done) => stop(request, null, done));
});

function expire(request: FastifyRequest): void {
  const socket = request.raw.socket;
  request.log.info('request did not arrive in time; connection closed');
  if (socket.writable) socket.end(REQUEST_TIMEOUT_RESPONSE, () => socket.destroy());
  else socket.destroy();
}
