import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-group.js';
import { BINANCE_ERRORS, binanceErrorHandler } from './errors.js';
import { binanceMarketRoutes } from './market-routes.js';
import { binanceTradingRoutes } from './trading-routes.js';
import { BinanceUsage } from './usage.js';
import { userStreamRoutes } from './user-stream-routes.js';
import { binanceWalletRoutes } from './wallet-routes.js';
import { requestWeight } from './weights.js';

/** Where Binance's spot API lives here, as ccxt's `urls.api.public` and `private` name it. */
export const BINANCE_API_PREFIX = '/api/v3';

/** Where Binance's wallet ("SAPI") calls live (`wallet-routes.ts`); others refused in its words. */
export const BINANCE_SAPI_PREFIX = '/sapi';

/**
 * A Binance scope's parts: failures as `{code, msg}`, an unknown path as Binance's -1020 (never
 * our envelope or the web page), and every body kept as the raw string it came as, whatever its
 * content type: Binance reads parameters from the query string and a form body alike, and its
 * own SDK (`@binance/connector`) sends `Content-Type: application/json` with no body at all.
 */
function binanceScope(api: FastifyInstance, prefix: string, usage: BinanceUsage): void {
  api.setErrorHandler(binanceErrorHandler);
  api.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url?.slice(prefix.length);
    const weight = requestWeight(request.method, route, request.query as Record<string, unknown>);
    const { used, refusal } = usage.weigh(request.ip, weight, Date.now());
    reply.header('x-mbx-used-weight', used).header('x-mbx-used-weight-1m', used);
    if (!refusal) return;
    reply.header('retry-after', refusal.retryAfterSeconds);
    throw refusal.kind === 'banned'
      ? BINANCE_ERRORS.banned(refusal.until)
      : BINANCE_ERRORS.tooMuchWeight(usage.limits.weightPerMinute);
  });
  api.setNotFoundHandler((_request, reply) => {
    const failure = BINANCE_ERRORS.unsupported();
    return reply.code(failure.status).send({ code: failure.code, msg: failure.msg });
  });
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/**
 * Binance's spot REST API (the subset trading programs use) under /api/v3, beside our own
 * /api/v1: the same keys, order path and rate limits, in Binance's shapes. Parameters come as a
 * query string or a form body, both kept as received for the signature.
 */
export async function registerBinanceApi(app: FastifyInstance, services: RouteServices) {
  // One count per server for both scopes, as Binance counts an address's weight across its API.
  const usage = new BinanceUsage(app.ctx.config.rateLimit.binance);
  await app.register(
    async (api) => {
      binanceScope(api, BINANCE_API_PREFIX, usage);
      await api.register(binanceMarketRoutes, services);
      await api.register(binanceTradingRoutes, { ...services, usage });
      await api.register(userStreamRoutes, services);
    },
    { prefix: BINANCE_API_PREFIX },
  );
  await app.register(
    async (sapi) => {
      binanceScope(sapi, BINANCE_SAPI_PREFIX, usage);
      await sapi.register(binanceWalletRoutes, services);
    },
    { prefix: BINANCE_SAPI_PREFIX },
  );
}
