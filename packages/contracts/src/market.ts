import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import {
  PAIR_STATUSES,
  QUOTE_COINS,
  SYMBOL_FILTERS,
  SYMBOLS_PAGE_SIZE,
} from './market-constants.js';

const pairStatus = z.enum(PAIR_STATUSES).describe('halted: new orders are refused');

/** A decimal as the wire carries it: a string (money is never a float), possibly signed. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const pairTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  short_name: z.string(),
});
export type PairToken = z.infer<typeof pairTokenSchema>;

/** Spec section 3: a trading pair with its rolling 24 h statistics. */
export const marketSymbolSchema = z.object({
  symbol: z.string().describe('Base and quote short names, e.g. BTCUSDT; derived, never parsed'),
  base_token: pairTokenSchema,
  quote_token: pairTokenSchema,
  price: decimal.describe('Last trade price in the quote token'),
  volume: decimal.describe('24 h volume in the base token'),
  quote_volume: decimal.describe('24 h volume in the quote token'),
  high: decimal.describe('24 h high'),
  low: decimal.describe('24 h low'),
  price_percent_change: decimal.describe('24 h change in percent, e.g. -1.25'),
  price_change_percent: decimal.describe('The same 24 h percent change (the spec names both)'),
  is_favorite: z.boolean().describe('Always false for visitors'),
  symbol_origin: z.string().describe('Where the market lives; this exchange is "local"'),
  tick_size: decimal.describe('Prices are whole multiples of this'),
  lot_size: decimal.describe('Amounts (base) are whole multiples of this'),
  min_notional: decimal.describe('Smallest order value in the quote token (price × amount)'),
  maker_fee: decimal.describe('Fee rate of a resting order, a fraction (0.001 is 0.1%)'),
  taker_fee: decimal.describe('Fee rate of an order that takes liquidity, a fraction'),
  status: pairStatus,
});
export type MarketSymbol = z.infer<typeof marketSymbolSchema>;

export const symbolsQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(SYMBOLS_PAGE_SIZE),
  filter: z.enum(SYMBOL_FILTERS).default('all'),
  quote: z.enum(QUOTE_COINS).optional().describe('Only the pairs quoted in this coin'),
});
export type SymbolsQuery = z.infer<typeof symbolsQuerySchema>;

/** Spec section 3: a live ticker entry, merged into the symbol list by `symbol`. */
export const tickerSchema = z.object({
  symbol: z.string(),
  price: decimal,
  price_percent_change: decimal,
  volume: decimal,
});
export type Ticker = z.infer<typeof tickerSchema>;

/** `[price, amount]` as decimal strings (spec section 4, order book rows). */
export const priceLevelSchema = z.tuple([decimal, decimal]);
export type PriceLevel = z.infer<typeof priceLevelSchema>;

export const orderBookSchema = z.object({
  symbol: z.string(),
  asks: z.array(priceLevelSchema),
  bids: z.array(priceLevelSchema),
});
export type OrderBookData = z.infer<typeof orderBookSchema>;

export const TRADE_SIDES = ['buy', 'sell'] as const;

export const recentTradeSchema = z.object({
  id: z.string().describe('Unique within the symbol, increasing'),
  symbol: z.string(),
  price: decimal,
  quantity: decimal,
  time: z.number().int().describe('Epoch milliseconds'),
  side: z.enum(TRADE_SIDES).describe("The taker's side"),
});
export type RecentTrade = z.infer<typeof recentTradeSchema>;

/** A ticker with the rest of its rolling 24 h statistics, as `ticker_update@{symbol}` carries it. */
export const tickerStatsSchema = tickerSchema.extend({
  price_change_percent: decimal.describe('The same 24 h percent change (the spec names both)'),
  high: decimal.describe('24 h high'),
  low: decimal.describe('24 h low'),
  quote_volume: decimal.describe('24 h volume in the quote token'),
  status: pairStatus,
});
export type TickerStats = z.infer<typeof tickerStatsSchema>;

/** Spec section 9: the order book is fetched with page_size 50 (20 when not given). */
export const ORDER_BOOK_PAGE_SIZE = 20;
export const ORDER_BOOK_MAX_PAGE_SIZE = 100;
/** Spec section 9: recent trades keep at most 50; the server remembers 100 per symbol. */
export const RECENT_TRADES_PAGE_SIZE = 50;
export const RECENT_TRADES_MAX = 100;

export const orderBookQuerySchema = z.object({
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(ORDER_BOOK_MAX_PAGE_SIZE)
    .default(ORDER_BOOK_PAGE_SIZE),
});

/** A book snapshot; `seq` is the book's depth sequence it is as of (see `OrderBookUpdate`). */
export const orderBookSnapshotSchema = orderBookSchema.extend({
  seq: z.number().int().describe('Depth sequence of this snapshot'),
});
export type OrderBookSnapshot = z.infer<typeof orderBookSnapshotSchema>;

/**
 * `orderbook_update@{symbol}`: the levels that changed since the previous update, each with its
 * new total amount ("0": the level is gone), asks ascending and bids descending. Updates come at
 * most 10 a second per symbol. Keep the `seq` you hold (from the snapshot, then from each update):
 * skip an update whose `seq` ≤ yours; apply one whose `prev_seq` ≤ yours (amounts are totals, so
 * re-applying a change you already have is harmless); when `prev_seq` > yours you missed changes:
 * fetch the snapshot again.
 */
export const orderBookUpdateSchema = orderBookSchema.extend({
  seq: z.number().int(),
  prev_seq: z.number().int(),
});
export type OrderBookUpdate = z.infer<typeof orderBookUpdateSchema>;

export const recentTradesQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(RECENT_TRADES_MAX).default(RECENT_TRADES_PAGE_SIZE),
});

/** Spec section 7: `data.data` is the list, newest first. */
export const recentTradesSchema = z.object({
  symbol: z.string(),
  data: z.array(recentTradeSchema),
});

/** Chart intervals and their length in seconds (spec sections 2 and 9, plus a daily one). */
export const CHART_INTERVALS = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '1d': 86_400,
} as const;
export type ChartInterval = keyof typeof CHART_INTERVALS;
export const CHART_INTERVAL_NAMES = Object.keys(CHART_INTERVALS) as [
  ChartInterval,
  ...ChartInterval[],
];
/** The chart panel's default interval (spec section 9). */
export const DEFAULT_CHART_INTERVAL: ChartInterval = '5m';
export const CHART_MAX_CANDLES = 1000;

export const chartQuerySchema = z.object({
  interval: z.enum(CHART_INTERVAL_NAMES).default(DEFAULT_CHART_INTERVAL),
  limit: z.coerce.number().int().min(1).max(CHART_MAX_CANDLES).default(500),
  /** Scrolling back: only candles that start before this time (epoch seconds). */
  end_time: z.coerce.number().int().min(1).max(32_503_680_000).optional(),
});

/** Spec section 3: one candle. Prices and volume are decimal strings; money is never a float. */
export const candleSchema = z.object({
  time: z.number().int().describe('Start of the candle, epoch seconds'),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal.describe('In the base token'),
  quote_volume: decimal.describe('In the quote token'),
});
export type Candle = z.infer<typeof candleSchema>;

/** Spec section 7: `data.data` is the candles, oldest first, the live one last. */
export const chartSchema = z.object({
  symbol: z.string(),
  interval: z.enum(CHART_INTERVAL_NAMES),
  data: z.array(candleSchema),
});

export const favoriteSchema = z.object({ symbol: z.string(), is_favorite: z.boolean() });
