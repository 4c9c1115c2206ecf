import { BINANCE_API_PREFIX } from './routes.js';

/**
 * Binance's WebSocket API (`/ws-api/v3`) as calls of its REST API: each method is the REST
 * endpoint Binance documents beside it, answered by the same route (keys, signature, replay
 * guard, order path, weights), so the two cannot disagree. Methods of the session and of the
 * user data stream are the WebSocket's own (`feed/binance-ws-api.ts`).
 */
export const WS_API_CALLS: Readonly<Record<string, { method: string; path: string }>> = {
  ping: { method: 'GET', path: '/ping' },
  time: { method: 'GET', path: '/time' },
  exchangeInfo: { method: 'GET', path: '/exchangeInfo' },
  depth: { method: 'GET', path: '/depth' },
  'trades.recent': { method: 'GET', path: '/trades' },
  'trades.aggregate': { method: 'GET', path: '/aggTrades' },
  'trades.historical': { method: 'GET', path: '/historicalTrades' },
  klines: { method: 'GET', path: '/klines' },
  uiKlines: { method: 'GET', path: '/uiKlines' },
  avgPrice: { method: 'GET', path: '/avgPrice' },
  ticker: { method: 'GET', path: '/ticker' },
  'ticker.24hr': { method: 'GET', path: '/ticker/24hr' },
  'ticker.price': { method: 'GET', path: '/ticker/price' },
  'ticker.book': { method: 'GET', path: '/ticker/bookTicker' },
  'account.status': { method: 'GET', path: '/account' },
  'account.rateLimits.orders': { method: 'GET', path: '/rateLimit/order' },
  'order.place': { method: 'POST', path: '/order' },
  'order.test': { method: 'POST', path: '/order/test' },
  'order.status': { method: 'GET', path: '/order' },
  'order.cancel': { method: 'DELETE', path: '/order' },
  'order.cancelReplace': { method: 'POST', path: '/order/cancelReplace' },
  'orderList.place.oco': { method: 'POST', path: '/orderList/oco' },
  'orderList.place': { method: 'POST', path: '/order/oco' },
  'openOrderLists.status': { method: 'GET', path: '/openOrderList' },
  'openOrders.status': { method: 'GET', path: '/openOrders' },
  'openOrders.cancelAll': { method: 'DELETE', path: '/openOrders' },
  allOrders: { method: 'GET', path: '/allOrders' },
  myTrades: { method: 'GET', path: '/myTrades' },
  // The listen keys' methods (the key only, no signature), which Binance's connectors still call.
  'userDataStream.start': { method: 'POST', path: '/userDataStream' },
  'userDataStream.ping': { method: 'PUT', path: '/userDataStream' },
  'userDataStream.stop': { method: 'DELETE', path: '/userDataStream' },
};

export type WsParams = Record<string, unknown>;

/** A parameter's value as its text (a JSON array, for `symbols`, as its JSON). */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return null;
}

/**
 * What Binance's WebSocket API signs: every parameter but `signature`, sorted by name, as
 * `name=value` joined with `&`, values as they are (not percent-encoded). Null for a value that
 * is not a string, number, boolean or array.
 */
export function signedPayload(params: WsParams): string | null {
  const parts: string[] = [];
  for (const name of Object.keys(params).sort()) {
    if (name === 'signature') continue;
    const value = text(params[name]);
    if (value === null) return null;
    parts.push(`${name}=${value}`);
  }
  return parts.join('&');
}

/**
 * The REST request a WebSocket call makes: its path under /api/v3 with the parameters as the
 * query string, signed as they came (`signature` last), or null for a method not served.
 */
export function restCallOf(
  method: string,
  params: WsParams,
): { method: string; url: string } | null | 'bad-params' {
  const call = WS_API_CALLS[method];
  if (!call) return null;
  const payload = signedPayload(params);
  if (payload === null) return 'bad-params';
  const signature = text(params.signature);
  const query = signature === null ? payload : `${payload}&signature=${signature}`;
  const url = `${BINANCE_API_PREFIX}${call.path}${query ? `?${query}` : ''}`;
  return { method: call.method, url };
}
