import { rollingTickerWeight } from './rolling-ticker.js';

/**
 * What each call costs against Binance's `REQUEST_WEIGHT` limit, as Binance's spot API states it
 * ("General API Information", each endpoint's "Weight"): most reads 1-4, a whole-market read
 * more, a deep book by its depth. A path not served costs 1, as any request does.
 */
type Query = Readonly<Record<string, unknown>>;
type Weigh = (query: Query) => number;

const fixed =
  (weight: number): Weigh =>
  () =>
    weight;

/** One symbol, or all of them (no `symbol` nor `symbols`). */
const perSymbols =
  (one: number, all: number): Weigh =>
  (query) =>
    query.symbol !== undefined || query.symbols !== undefined ? one : all;

/** `depth`: 5 up to 100 levels, 25 to 500, 50 to 1,000, 250 beyond. */
export function depthWeight(limit: number): number {
  if (limit <= 100) return 5;
  if (limit <= 500) return 25;
  if (limit <= 1000) return 50;
  return 250;
}

/** `ticker/24hr`: 2 for a symbol; 2 up to 20 symbols, 40 to 100, 80 beyond or for all. */
export function dayTickerWeight(query: Query): number {
  if (query.symbol !== undefined) return 2;
  const listed = typeof query.symbols === 'string' ? symbolCount(query.symbols) : null;
  if (listed === null) return 80;
  if (listed <= 20) return 2;
  if (listed <= 100) return 40;
  return 80;
}

function symbolCount(list: string): number | null {
  try {
    const symbols: unknown = JSON.parse(list);
    return Array.isArray(symbols) ? symbols.length : null;
  } catch {
    return null;
  }
}

const WEIGHTS: Readonly<Record<string, Weigh>> = {
  'GET /ping': fixed(1),
  'GET /time': fixed(1),
  'GET /exchangeInfo': fixed(20),
  'GET /depth': (query) => depthWeight(Number(query.limit ?? 100) || 100),
  'GET /trades': fixed(25),
  'GET /aggTrades': fixed(4),
  'GET /klines': fixed(2),
  'GET /uiKlines': fixed(2),
  'GET /historicalTrades': fixed(25),
  'GET /avgPrice': fixed(2),
  'GET /account/commission': fixed(20),
  'GET /ticker': rollingTickerWeight,
  'GET /ticker/24hr': dayTickerWeight,
  'GET /ticker/price': perSymbols(2, 4),
  'GET /ticker/bookTicker': perSymbols(2, 4),
  'GET /account': fixed(20),
  'POST /order': fixed(1),
  'POST /order/test': fixed(1),
  'GET /order': fixed(4),
  'DELETE /order': fixed(1),
  'POST /order/cancelReplace': fixed(1),
  'POST /orderList/oco': fixed(1),
  'GET /openOrderList': fixed(6),
  'GET /openOrders': perSymbols(6, 80),
  'DELETE /openOrders': fixed(1),
  'GET /allOrders': fixed(20),
  'GET /myTrades': fixed(20),
  'GET /rateLimit/order': fixed(40),
  'POST /userDataStream': fixed(2),
  'PUT /userDataStream': fixed(2),
  'DELETE /userDataStream': fixed(2),
};

/** The weight of `method` on `route` (the path under /api/v3, as routed; undefined: not served). */
export function requestWeight(method: string, route: string | undefined, query: Query): number {
  if (route === undefined) return 1;
  return WEIGHTS[`${method} ${route}`]?.(query) ?? 1;
}
