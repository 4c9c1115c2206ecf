import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-group.js';
import { binanceErrorHandler } from './errors.js';
import { binanceMarketRoutes } from './market-routes.js';
import { binanceTradingRoutes } from './trading-routes.js';
import { userStreamRoutes } from './user-stream-routes.js';

/** Where Binance's spot API lives here, as ccxt's `urls.api.public` and `private` name it. */
export const BINANCE_API_PREFIX = '/api/v3';

/**
 * Binance's spot REST API (the subset trading programs use) under /api/v3, beside our own
 * /api/v1: the same keys, order path and rate limits, in Binance's shapes. Parameters come as a
 * query string or a form body, both kept as received for the signature; every failure is
 * `{code, msg}` with Binance's codes.
 */
export async function registerBinanceApi(app: FastifyInstance, services: RouteServices) {
  await app.register(
    async (api) => {
      api.setErrorHandler(binanceErrorHandler);
      api.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      await api.register(binanceMarketRoutes, services);
      await api.register(binanceTradingRoutes, services);
      await api.register(userStreamRoutes, services);
    },
    { prefix: BINANCE_API_PREFIX },
  );
}
