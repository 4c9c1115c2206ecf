import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Pair } from '../../core/trading/pairs.js';
import type { RouteServices } from '../route-group.js';
import { DAY_MS } from '../market/rolling-window.js';
import { NO_TRADES, tradeCount } from '../market/rolling-window.js';
import {
  candleRange,
  chartCandles,
  durableBook,
  tradeFiguresByBucket,
  tradeIdsSince,
  tradesOfPair,
} from '../market/service.js';
import { AVG_PRICE_MS, avgPriceOf } from './avg-price.js';
import { bestLevels, toAggTrade, toLevel, toPublicTrade, toTicker24hr } from './dto.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';
import { KLINE_INTERVALS, toExchangeSymbol } from './exchange-info.js';
import { rateLimitsOf } from './usage.js';
import { foldCandles, toRollingTicker, windowRange, windowSizeMs } from './rolling-ticker.js';
import { pairParam, pairsParam, publicParams, timeParam } from './request.js';
import { binanceAmount } from './decimals.js';

const nonNull = <T>(value: T | null): T[] => (value === null ? [] : [value]);

/** `depth`'s limits: Binance's default, and the most this API answers. */
const DEPTH_DEFAULT = 100;
const DEPTH_MAX = 5000;

/** The public market data of Binance's spot API (`/api/v3`), from the same sources as /api/v1. */
export const binanceMarketRoutes: FastifyPluginAsync<RouteServices> = async (app, { market }) => {
  const { ctx } = app;
  const hide = { hide: true };

  app.get('/ping', { schema: hide }, async () => ({}));

  app.get('/time', { schema: hide }, async () => ({ serverTime: ctx.now().getTime() }));

  app.get('/exchangeInfo', { schema: hide }, async (request) => {
    const pairs = pairsParam(ctx, publicParams(request));
    return {
      timezone: 'UTC',
      serverTime: ctx.now().getTime(),
      rateLimits: rateLimitsOf(ctx.config.rateLimit.binance),
      exchangeFilters: [],
      symbols: pairs.map((pair) => toExchangeSymbol(pair, ctx.core.state.trading.caps)),
    };
  });

  app.get('/depth', { schema: hide }, async (request) => {
    const params = publicParams(request);
    const pair = pairParam(ctx, params);
    const book = await durableBook(ctx, pair, params.limit(DEPTH_DEFAULT, DEPTH_MAX));
    return { lastUpdateId: book.seq, bids: book.bids.map(toLevel), asks: book.asks.map(toLevel) };
  });

  app.get('/trades', { schema: hide }, async (request) => {
    const params = publicParams(request);
    const pair = pairParam(ctx, params);
    const trades = await tradesOfPair(ctx.db, pair.id, { limit: params.limit(500, 1000) });
    return trades.map(toPublicTrade);
  });

  app.get('/aggTrades', { schema: hide }, async (request) => {
    const params = publicParams(request);
    const pair = pairParam(ctx, params);
    const q = {
      limit: params.limit(500, 1000),
      fromId: params.integer('fromId'),
      startTime: timeParam(params, 'startTime'),
      endTime: timeParam(params, 'endTime'),
    };
    return (await tradesOfPair(ctx.db, pair.id, q)).map(toAggTrade);
  });

  // Binance's recent trades from `fromId` on (public here, as Binance has made it).
  app.get('/historicalTrades', { schema: hide }, async (request) => {
    const params = publicParams(request);
    const pair = pairParam(ctx, params);
    const q = { limit: params.limit(500, 1000), fromId: params.integer('fromId') };
    return (await tradesOfPair(ctx.db, pair.id, q)).map(toPublicTrade);
  });

  // The average price of the last 5 minutes' trades (the last price when none traded).
  app.get('/avgPrice', { schema: hide }, async (request) => {
    const pair = pairParam(ctx, publicParams(request));
    const now = ctx.now().getTime();
    const price = binanceAmount(avgPriceOf(market, pair, now));
    return { mins: AVG_PRICE_MS / 60_000, price, closeTime: now };
  });

  const klines = async (request: FastifyRequest) => {
    const params = publicParams(request);
    const pair = pairParam(ctx, params);
    const interval = params.required('interval');
    const seconds = KLINE_INTERVALS[interval];
    if (seconds === undefined) throw BINANCE_ERRORS.badInterval();
    const limit = params.limit(500, 1000);
    const ms = seconds * 1000;
    const range = candleRange(seconds, limit, params.time('startTime'), params.time('endTime'));
    const candles = await chartCandles(ctx.db, pair.id, seconds, limit, ctx.now(), range);
    const [first, last] = [candles[0], candles.at(-1)];
    const figures =
      first && last
        ? await tradeFiguresByBucket(
            ctx.db,
            pair.id,
            seconds,
            new Date(first.time * 1000),
            new Date(last.time * 1000 + ms - 1),
          )
        : new Map();
    return candles.map((c) => {
      const f = figures.get(c.time * 1000) ?? NO_TRADES;
      return [
        c.time * 1000,
        binanceAmount(c.open),
        binanceAmount(c.high),
        binanceAmount(c.low),
        binanceAmount(c.close),
        binanceAmount(c.volume),
        c.time * 1000 + ms - 1,
        binanceAmount(c.quoteVolume),
        tradeCount(f),
        binanceAmount(f.takerBuyVolume),
        binanceAmount(f.takerBuyQuote),
        '0.00000000',
      ];
    });
  };
  app.get('/klines', { schema: hide }, klines);
  // Binance's klines "for display": ours are the same candles.
  app.get('/uiKlines', { schema: hide }, klines);

  /** One object for `symbol`, an array otherwise (Binance's rule for the ticker calls). */
  const perPair = <T>(request: FastifyRequest, shape: (pair: Pair) => T): T | T[] => {
    const params = publicParams(request);
    const pairs = pairsParam(ctx, params);
    const [first] = pairs;
    return params.optional('symbol') !== undefined && first ? shape(first) : pairs.map(shape);
  };

  app.get('/ticker/24hr', { schema: hide }, async (request) =>
    perPair(request, (pair) =>
      toTicker24hr(
        pair,
        market.stats(pair),
        bestLevels(ctx.core.state.trading.engine, pair),
        ctx.now().getTime(),
      ),
    ),
  );

  // The rolling-window ticker: the last `windowSize` (minute precision) of each pair. A window
  // within the last day is the market data's minutes; a longer one the stored candles.
  app.get('/ticker', { schema: hide }, async (request) => {
    const params = publicParams(request);
    if (params.optional('symbol') === undefined && params.optional('symbols') === undefined)
      throw new BinanceError(
        -1102,
        "Param 'symbol' or 'symbols' must be sent, but both were empty.",
      );
    const windowMs = windowSizeMs(params.optional('windowSize'));
    const type = params.oneOf('type', ['FULL', 'MINI'] as const) ?? 'FULL';
    const range = windowRange(ctx.now().getTime(), windowMs);
    const windowOf = async (pair: Pair) => {
      if (windowMs <= DAY_MS) {
        const minutes = market.candleSince(pair, range.openTime);
        return foldCandles(nonNull(minutes), minutes ?? NO_TRADES);
      }
      // Day-long groups of the stored minutes: folded the same as the minutes themselves.
      const from = new Date(range.openTime);
      const days = await chartCandles(ctx.db, pair.id, DAY_MS / 1000, 9, ctx.now(), { from });
      return foldCandles(days, await tradeIdsSince(ctx.db, pair.id, from));
    };
    const tickers = await Promise.all(
      pairsParam(ctx, params).map(async (pair) =>
        toRollingTicker(pair.symbol, market.stats(pair).last, await windowOf(pair), range, type),
      ),
    );
    return params.optional('symbol') !== undefined ? tickers[0] : tickers;
  });

  app.get('/ticker/price', { schema: hide }, async (request) =>
    perPair(request, (pair) => ({
      symbol: pair.symbol,
      price: binanceAmount(market.stats(pair).last ?? 0n),
    })),
  );

  app.get('/ticker/bookTicker', { schema: hide }, async (request) =>
    perPair(request, (pair) => {
      const best = bestLevels(ctx.core.state.trading.engine, pair);
      return {
        symbol: pair.symbol,
        bidPrice: binanceAmount(best.bidPrice),
        bidQty: binanceAmount(best.bidQty),
        askPrice: binanceAmount(best.askPrice),
        askQty: binanceAmount(best.askQty),
      };
    }),
  );
};
