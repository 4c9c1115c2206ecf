import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-group.js';
import { BINANCE_ERRORS, binanceErrorHandler } from './errors.js';
import { binanceMarketRoutes } from './market-routes.js';
import { binanceTradingRoutes } from './trading-routes.js';
import { userStreamRoutes } from './user-stream-routes.js';

/** Where Binance's spot API lives here, as ccxt's `urls.api.public` and `private` name it. */
export const BINANCE_API_PREFIX = '/api/v3';

/** Where Binance's wallet ("SAPI") calls live: none served yet, each refused in Binance's words. */
export const BINANCE_SAPI_PREFIX = '/sapi';

/**
 * A Binance scope's parts: failures as `{code, msg}`, an unknown path as Binance's -1020 (never
 * our envelope or the web page), and every body kept as the raw string it came as, whatever its
 * content type: Binance reads parameters from the query string and a form body alike, and its
 * own SDK (`@binance/connector`) sends `Content-Type: application/json` with no body at all.
 */
function binanceScope(api: FastifyInstance): void {
  api.setErrorHandler(binanceErrorHandler);
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
  await app.register(
    async (api) => {
      binanceScope(api);
      await api.register(binanceMarketRoutes, services);
      await api.register(binanceTradingRoutes, services);
      await api.register(userStreamRoutes, services);
    },
    { prefix: BINANCE_API_PREFIX },
  );
  await app.register(async (sapi) => binanceScope(sapi), { prefix: BINANCE_SAPI_PREFIX });
}
