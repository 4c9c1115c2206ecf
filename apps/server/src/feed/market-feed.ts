import type { FastifyInstance } from 'fastify';
import type { MarketData, MarketSink } from '../modules/market/market-data.js';
import { attachFeed, bothSinks, type FeedOptions } from './feed.js';

/**
 * Loads the market data, attaches the feed and tells the core to report to them. Call before
 * the app listens: trades committed while the market data loads would be counted twice or not
 * at all.
 */
export async function startMarketFeed(
  app: FastifyInstance,
  market: MarketData,
  options: FeedOptions,
  /** Also told of everything: the broker's publisher in a core of a cluster (cluster/core-bus.ts). */
  also?: MarketSink,
): Promise<void> {
  await market.load();
  const sink = await attachFeed(app, market, options);
  app.ctx.core.state.market = market;
  market.start(also ? bothSinks(sink, also) : sink);
  app.addHook('preClose', async () => {
    market.stop();
  });
}
