import {
  chartQuerySchema,
  chartSchema,
  CHART_INTERVALS,
  favoriteSchema,
  marketSymbolSchema,
  orderBookQuerySchema,
  orderBookSnapshotSchema,
  recentTradesQuerySchema,
  recentTradesSchema,
  symbolsQuerySchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { bearerToken, signedInUser } from '../sessions/service.js';
import { toCandle } from './dto.js';
import type { RouteGroup } from '../route-group.js';
import { addFavorite, candleRange, chartCandles, removeFavorite } from './repository.js';
import { listSymbols, orderBookSnapshot } from './service.js';

const tags = ['market'];
const params = z.object({ symbol: z.string().max(40) });

/** Public market data: symbols with 24 h tickers, order books, recent trades, candles. */
export const marketRoutes: RouteGroup = {
  prefix: '/symbols',
  access: 'public',
  routes: async (app, { market }) => {
    app.get('', {
      schema: {
        tags,
        summary:
          'Pairs with rolling 24 h statistics; is_favorite and the favourite filter when signed in',
        querystring: symbolsQuerySchema,
        response: pagedResponses(z.array(marketSymbolSchema)),
      },
      handler: async (request) => {
        // A public route that also serves signed-in users: a missing or stale token means a visitor.
        const userId =
          (await signedInUser(app.ctx, bearerToken(request.headers.authorization)))?.userId ?? null;
        const { data, total } = await listSymbols(app.ctx, market, userId, request.query);
        return okPage(data, total);
      },
    });

    app.get('/:symbol/orderbook', {
      schema: {
        tags,
        summary: 'Top levels of the book: asks ascending, bids descending, with its depth sequence',
        params,
        querystring: orderBookQuerySchema,
        response: responses({ 200: orderBookSnapshotSchema }),
      },
      handler: async (request) => {
        const { symbol } = request.params;
        return ok(200, 'OK', await orderBookSnapshot(app.ctx, symbol, request.query.page_size));
      },
    });

    app.get('/:symbol/recent-trades', {
      schema: {
        tags,
        summary: 'The latest trades, newest first',
        params,
        querystring: recentTradesQuerySchema,
        response: responses({ 200: recentTradesSchema }),
      },
      handler: async (request) => {
        const pair = app.ctx.core.state.trading.pairOf(request.params.symbol);
        const data = market.recentTrades(pair, request.query.page_size);
        return ok(200, 'OK', { symbol: pair.symbol, data });
      },
    });

    app.get('/:symbol/chart', {
      schema: {
        tags,
        summary:
          'Candles of an interval, oldest first, the live one last (or those before end_time); times in epoch seconds',
        params,
        querystring: chartQuerySchema,
        response: responses({ 200: chartSchema }),
      },
      handler: async (request) => {
        const pair = app.ctx.core.state.trading.pairOf(request.params.symbol);
        const { interval, limit, end_time } = request.query;
        const seconds = CHART_INTERVALS[interval];
        // Scrolling back: the `limit` candles that start before `end_time` (epoch seconds).
        const range =
          end_time === undefined
            ? undefined
            : candleRange(seconds, limit, undefined, end_time * 1000 - 1);
        const now = app.ctx.now();
        const candles = await chartCandles(app.ctx.db, pair.id, seconds, limit, now, range);
        return ok(200, 'OK', { symbol: pair.symbol, interval, data: candles.map(toCandle) });
      },
    });
  },
};

/** Favourites of the signed-in user. */
export const favoriteRoutes: RouteGroup = {
  prefix: '/symbols',
  access: 'user',
  routes: async (app) => {
    const security = [{ bearer: [] }];
    app.post('/:symbol/favorites', {
      schema: {
        tags,
        security,
        summary: 'Add a pair to your favourites',
        params,
        response: responses({ 200: favoriteSchema }),
      },
      handler: async (request) => {
        const pair = app.ctx.core.state.trading.pairOf(request.params.symbol);
        await addFavorite(app.ctx.db, authOf(request).userId, pair.id);
        return ok(200, 'Added to favorites', { symbol: pair.symbol, is_favorite: true });
      },
    });

    app.delete('/:symbol/favorites', {
      schema: {
        tags,
        security,
        summary: 'Remove a pair from your favourites',
        params,
        response: responses({ 200: favoriteSchema }),
      },
      handler: async (request) => {
        const pair = app.ctx.core.state.trading.pairOf(request.params.symbol);
        await removeFavorite(app.ctx.db, authOf(request).userId, pair.id);
        return ok(200, 'Removed from favorites', { symbol: pair.symbol, is_favorite: false });
      },
    });
  },
};
