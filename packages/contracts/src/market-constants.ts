/*
 * The market's plain constants, apart from its schemas: a page that needs only these (the top
 * bar's default pair and quote) does not load zod with them.
 */

/** Spec section 7: the `filter` of GET /symbols. */
export const SYMBOL_FILTERS = ['favourite', 'all', 'spot', 'trending', 'gainer', 'loser'] as const;
export type SymbolFilter = (typeof SYMBOL_FILTERS)[number];

/** Every pair is quoted in USDT (spec section 9). */
export const QUOTE_ASSET = 'USDT';
/** The rupee: a fiat token of the funding wallet, kept to the paisa. */
export const INR = 'INR';
export const INR_DECIMALS = 2;
/** The coins pairs are quoted in: the quote tabs of the Trade menu, Markets and the trading screen. */
export const QUOTE_COINS = ['USDT', 'INR'] as const;
export type QuoteCoin = (typeof QUOTE_COINS)[number];
export const DEFAULT_SYMBOL = 'BTCUSDT';

/** Spec section 9: the symbol list's defaults. */
export const SYMBOLS_PAGE_SIZE = 20;

/** A pair trades, or an admin halted it: its open orders stay, new orders are refused. */
export const PAIR_STATUSES = ['trading', 'halted'] as const;
export type PairStatus = (typeof PAIR_STATUSES)[number];
/** What an order on a halted pair is told, by the server and the order form alike. */
export const pairHaltedMessage = (symbol: string) => `Trading is halted on ${symbol}`;
