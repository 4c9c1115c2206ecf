import type { RecentTrade } from '@exchange/contracts';

/** Spec section 9: recent trades keep at most 50. */
export const RECENT_TRADES_KEPT = 50;

/**
 * Applies a `trade_update` (its trades oldest first, decision D22) to the list (newest first):
 * each trade is added on top unless its price equals the latest one's (spec section 2).
 */
export function addTrades(list: readonly RecentTrade[], incoming: readonly RecentTrade[]) {
  let next = list.slice();
  for (const trade of incoming) {
    if (next[0]?.price === trade.price) continue;
    next = [trade, ...next];
  }
  return next.slice(0, RECENT_TRADES_KEPT);
}
