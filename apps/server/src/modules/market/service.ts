import type { MarketSymbol, SymbolsQuery, TickerStats } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { bookLevels, type BookLevels } from '../../core/trading/order-book-view.js';
import type { Pair } from '../../core/trading/pairs.js';
import { formatLevel, toMarketSymbol } from './dto.js';
import type { MarketData } from './market-data.js';
import { favoritePairIds } from './repository.js';

const byNumber =
  (field: keyof TickerStats, direction: 1 | -1) =>
  (a: { ticker: TickerStats }, b: { ticker: TickerStats }) =>
    direction * (Number(a.ticker[field]) - Number(b.ticker[field]));

/**
 * GET /symbols: every pair in listing order, or the user's favourites (none for visitors),
 * trending by 24 h quote volume, gainers and losers by 24 h change. Numbers only order the list;
 * what is sent is the exact decimal text.
 */
export async function listSymbols(
  ctx: AppContext,
  market: MarketData,
  userId: string | null,
  q: SymbolsQuery,
): Promise<{ data: MarketSymbol[]; total: number }> {
  const favorites = userId ? await favoritePairIds(ctx.db, userId) : new Set<string>();
  let rows = [...ctx.core.state.trading.pairsBySymbol.values()].map((pair) => ({
    pair,
    ticker: market.ticker(pair),
  }));
  if (q.quote) rows = rows.filter((r) => r.pair.quote.shortName === q.quote);
  if (q.filter === 'favourite') rows = rows.filter((r) => favorites.has(r.pair.id));
  if (q.filter === 'trending') rows.sort(byNumber('quote_volume', -1));
  if (q.filter === 'gainer') rows.sort(byNumber('price_percent_change', -1));
  if (q.filter === 'loser') rows.sort(byNumber('price_percent_change', 1));
  const page = rows.slice((q.page - 1) * q.page_size, q.page * q.page_size);
  return {
    data: page.map((r) => toMarketSymbol(r.pair, r.ticker, favorites.has(r.pair.id))),
    total: rows.length,
  };
}

/**
 * The top of a book, read inside the single writer and answered once the batch it ran in is
 * durable: it never shows a change that could still be lost, and its `seq` is in the same
 * numbering as the feed's updates.
 */
export async function orderBookSnapshot(ctx: AppContext, symbol: string, levels: number) {
  const pair = ctx.core.state.trading.pairOf(symbol);
  const book = await durableBook(ctx, pair, levels);
  return {
    symbol: pair.symbol,
    asks: book.asks.map(formatLevel),
    bids: book.bids.map(formatLevel),
    seq: book.seq,
  };
}

/** The top `levels` of a pair's book as the writer holds it, answered once durable. */
export function durableBook(ctx: AppContext, pair: Pair, levels: number): Promise<BookLevels> {
  return ctx.core.sequencer.submit((state) => bookLevels(state.trading.engine, pair, levels));
}

export {
  candleRange,
  chartCandles,
  tradeFiguresByBucket,
  tradeIdsSince,
  tradesOfPair,
  type PairTrade,
} from './repository.js';
