/**
 * Per-user caps on what rests on one pair (review N4-H3), as Binance's filters have them: open
 * orders (`MAX_NUM_ORDERS`, 200; untriggered stops count too) and untriggered stops
 * (`MAX_NUM_ALGO_ORDERS`, 5; an OCO's stop leg counts). They bound what one account can make the
 * single writer keep and trigger.
 */
export interface OrderCaps {
  openOrdersPerPair: number;
  stopsPerPair: number;
}

export const DEFAULT_ORDER_CAPS: OrderCaps = { openOrdersPerPair: 200, stopsPerPair: 5 };

/** What the user has open on the pair, and what a new order would add to it. */
export interface OpenCounts {
  orders: number;
  stops: number;
}

/**
 * Which cap a new order would pass, if any: `orders` when the user's open orders on the pair
 * would exceed their cap, `stops` when the untriggered stops would; null when it fits. An order
 * that adds nothing (a market, IOC or FOK order never rests) always fits.
 */
export function capExceeded(
  open: OpenCounts,
  adding: OpenCounts,
  caps: OrderCaps,
): 'orders' | 'stops' | null {
  if (adding.orders > 0 && open.orders + adding.orders > caps.openOrdersPerPair) return 'orders';
  if (adding.stops > 0 && open.stops + adding.stops > caps.stopsPerPair) return 'stops';
  return null;
}

/**
 * The price a stop-limit order's minimum value is judged at: the lower of its limit and stop
 * prices. A sell stop holds base that is worth about its stop price when it triggers, whatever
 * limit it names (a limit at the pair's highest price let 8 tokens worth $0.0002 pass a $5
 * minimum); a buy stop holds quote at its limit. Judged at both, neither can slip under it.
 */
export const stopValueTicks = (limitTicks: number, stopTicks: number): number =>
  Math.min(limitTicks, stopTicks);
