/*
 * The orders' plain constants and the order form's messages, apart from their schemas
 * (`orders.ts`): the trading screen's form takes these without loading zod.
 */

/**
 * A stop-limit order rests untriggered (its funds held) until the pair's last trade price crosses
 * its stop price (a sell stop at or below it, a buy stop at or above), then enters the book as a
 * limit order at its price.
 */
export const ORDER_TYPES = ['limit', 'market', 'stop_limit'] as const;
export const TRADE_TYPES = ['buy', 'sell'] as const;
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
/**
 * A market order may sweep at most this far (in percent) from the best price: the server sizes a
 * market buy's hold to it, and clients keep that much (and a little more) of their balance free.
 */
export const MARKET_PROTECTION_PERCENT = 5;
/**
 * What a client prices a market buy at, in percent of the last price: the protection band plus
 * one point, since the best ask may sit a little above the last trade.
 */
export const MARKET_BUY_HEADROOM_PERCENT = 100 + MARKET_PROTECTION_PERCENT + 1;
/** The list filter of spec section 7: open orders, or the history of closed ones. */
export const ORDER_LIST_STATUSES = ['open', 'closed'] as const;

/**
 * Why an order was refused, the `data.reason` of its refusal: each API words it its own way (the
 * JSON API's message in the reader's language, Binance's filter failures), never by its text.
 */
export const ORDER_REFUSALS = [
  'PRICE_FILTER',
  'LOT_SIZE',
  'NOTIONAL',
  'STOP_WOULD_TRIGGER',
  'MARKET_CLOSED',
  'POST_ONLY_WOULD_CROSS',
  'FOK_NOT_FILLABLE',
] as const;
export type OrderRefusal = (typeof ORDER_REFUSALS)[number];

/** Decision D10: the order form's messages, shared by the client and the server. */
export const ORDER_MESSAGES = {
  symbolRequired: 'Symbol is required',
  orderType: 'Order type must be limit, market or stop_limit',
  tradeType: 'Side must be buy or sell',
  priceRequired: 'Price is required for a limit order',
  pricePositive: 'Price must be greater than 0',
  stopPriceRequired: 'Stop price is required for a stop-limit order',
  stopPricePositive: 'Stop price must be greater than 0',
  stopLimitPriceRequired: 'Stop-limit price is required',
  sellStopBelowLast: 'Stop price must be below the last price for a sell stop',
  buyStopAboveLast: 'Stop price must be above the last price for a buy stop',
  ocoSellPrices: 'For a sell OCO the limit price must be above the stop price',
  ocoBuyPrices: 'For a buy OCO the limit price must be below the stop price',
  amountPositive: 'Amount must be greater than 0',
  clientOrderId: 'Client order id must be 1-36 letters, digits, - or _',
} as const;

/** Orders one batch call may place, and cancel. */
export const BATCH_PLACE_MAX = 20;
export const BATCH_CANCEL_MAX = 100;
