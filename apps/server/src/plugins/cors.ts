import type { FastifyInstance } from 'fastify';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const HEADERS = 'authorization, content-type';
/** Browsers cap this (Chrome at 2 h); it spares a preflight before most calls. */
const PREFLIGHT_MAX_AGE = '7200';

/** Set on every answer with the security headers, in the same call. */
export const VARY_BY_ORIGIN = { vary: 'Origin' };

/**
 * CORS by allowlist. A request without an Origin header (same-origin pages, servers, the feed)
 * costs one header lookup; @fastify/cors merged its options and resolved the origin through
 * callbacks on every request, a fortieth of an order request. Every answer carries
 * `Vary: Origin` (with the security headers, see `VARY_BY_ORIGIN`), so a cache never hands one
 * origin's answer to another. Preflights of any path answer 204, with the grant only for a
 * listed origin.
 */
export function allowOrigins(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin !== undefined && allowed.has(origin))
      reply.header('access-control-allow-origin', origin);
    done();
  });
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (reply.hasHeader('access-control-allow-origin'))
      reply.headers({
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE,
      });
    return reply.code(204).header('content-length', '0').send();
  });
}
