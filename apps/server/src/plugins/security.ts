import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env.js';
import { rateLimited } from '../lib/app-error.js';
import { allowOrigins, VARY_BY_ORIGIN } from './cors.js';

const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * Pages (the web app, the API docs): a same-origin single-page app with a websocket feed. Scripts
 * only from this origin, never inline (review I5); `'self'` covers this origin's ws:/wss: too
 * (CSP 3), so a script that got in cannot open a socket to another host. Styles stay
 * `'unsafe-inline'`: the dialogs' scroll lock inserts a <style> element, and a style cannot run.
 */
const DOCUMENT_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: HSTS,
};

/**
 * JSON answers of the API are never rendered: they need no script policy, only to refuse being
 * framed, sniffed or loaded cross-origin (OWASP's REST headers). Half the headers of a page.
 */
const API_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  hsts: HSTS,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};
/** Binance's scopes (its spot API and its wallet API): limited by request weight there. */
const BINANCE_SCOPES = ['/api/v3/', '/sapi/'];
const inBinanceScope = (url: string) => BINANCE_SCOPES.some((prefix) => url.startsWith(prefix));
/** The APIs' answers (ours, and Binance's shapes) get the API's headers. */
const isApi = (url: string) => url.startsWith('/api/v1/') || inBinanceScope(url);

/**
 * Helmet's headers, worked out once: they depend on nothing in the request, and building them
 * per request (as @fastify/helmet does) cost a tenth of the order path.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return Object.fromEntries(headers);
}

/** Security headers for pages and for API answers; CORS by allowlist; rate limits. */
export const security = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // Every answer's fixed headers, CORS's Vary included, set in one call.
  const forDocuments = { ...securityHeaders(DOCUMENT_HEADERS), ...VARY_BY_ORIGIN };
  const forApi = { ...securityHeaders(API_HEADERS), ...VARY_BY_ORIGIN };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? forApi : forDocuments);
    done();
  });
  allowOrigins(app, config.corsOrigins);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalMax,
    timeWindow: 60_000,
    // Binance's scopes count request weight as Binance does (`modules/binance/usage.ts`).
    allowList: (request) => inBinanceScope(request.url),
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
});
