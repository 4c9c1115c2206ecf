import { z } from 'zod';

/** Spec section 7: the `filter` of GET /symbols. */
export const SYMBOL_FILTERS = ['favourite', 'all', 'spot', 'trending', 'gainer', 'loser'] as const;
export type SymbolFilter = (typeof SYMBOL_FILTERS)[number];

/** Every pair is quoted in USDT (spec section 9). */
export const QUOTE_ASSET = 'USDT';
export const DEFAULT_SYMBOL = 'BTCUSDT';

/** Spec section 9: the symbol list's defaults. */
export const SYMBOLS_PAGE_SIZE = 20;

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
});
export type MarketSymbol = z.infer<typeof marketSymbolSchema>;

export const symbolsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(SYMBOLS_PAGE_SIZE),
  filter: z.enum(SYMBOL_FILTERS).default('all'),
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
  symbol: z.string(),
  price: decimal,
  quantity: decimal,
  time: z.number().int().describe('Epoch milliseconds'),
  side: z.enum(TRADE_SIDES).describe("The taker's side"),
});
export type RecentTrade = z.infer<typeof recentTradeSchema>;
