import type { FastifyInstance } from 'fastify';
import type { MarketData } from '../modules/market/market-data.js';
import { attachFeed, type FeedOptions } from './feed.js';

/**
 * Loads the market data, attaches the feed and tells the core to report to them. Call before
 * the app listens: trades committed while the market data loads would be counted twice or not
 * at all.
 */
export async function startMarketFeed(
  app: FastifyInstance,
  market: MarketData,
  options: FeedOptions,
): Promise<void> {
  await market.load();
  const sink = await attachFeed(app, market, options);
  app.ctx.core.state.market = market;
  market.start(sink);
  app.addHook('preClose', async () => {
    market.stop();
  });
}
