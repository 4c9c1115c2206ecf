import type { Command, EngineEvent, PlaceMarket, Side, TimeInForce } from '../src/index.js';

/** Terse command builders for readable scenarios. */
export const SYMBOL = 'BTCUSDT';

export function limit(
  side: Side,
  orderId: number,
  account: number,
  price: number,
  quantity: number,
  tif: TimeInForce = 'GTC',
): Command {
  return { type: 'limit', symbol: SYMBOL, orderId, account, side, price, quantity, tif };
}

export const buy = (id: number, account: number, price: number, qty: number, tif?: TimeInForce) =>
  limit('buy', id, account, price, qty, tif);
export const sell = (id: number, account: number, price: number, qty: number, tif?: TimeInForce) =>
  limit('sell', id, account, price, qty, tif);

export function market(
  side: Side,
  orderId: number,
  account: number,
  size: Omit<PlaceMarket, 'type' | 'symbol' | 'orderId' | 'account' | 'side'>,
): Command {
  return { type: 'market', symbol: SYMBOL, orderId, account, side, ...size };
}

export const cancel = (orderId: number): Command => ({ type: 'cancel', symbol: SYMBOL, orderId });
export const reduce = (orderId: number, quantity: number): Command => ({
  type: 'reduce',
  symbol: SYMBOL,
  orderId,
  quantity,
});

/** Trades as "maker>taker price x qty" strings, the easiest form to read in a table. */
export function tradesOf(events: EngineEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'trade' ? [`${e.makerOrderId}>${e.takerOrderId} ${e.price}x${e.quantity}`] : [],
  );
}

/** Done events as "id status/reason cancelledQuantity". */
export function doneOf(events: EngineEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'done' ? [`${e.orderId} ${e.reason} ${e.cancelledQuantity}`] : [],
  );
}

export function rejectionsOf(events: EngineEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'rejected' ? [`${e.orderId} ${e.code}`] : []));
}
