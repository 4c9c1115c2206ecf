import type { Side } from '@exchange/engine';

/** One of the market maker's resting orders. */
export interface RestingQuote {
  id: number;
  side: Side;
  priceTicks: number;
}

export interface Ladder {
  bids: number[];
  asks: number[];
}

/**
 * `levels` prices a side on a grid of `step` ticks around `mid`: the best bid is the highest grid
 * price below the mid, the best ask the lowest above it. The grid is fixed, so when the mid moves
 * by one step only the edge levels change.
 */
export function ladder(mid: number, step: number, levels: number): Ladder {
  const bestBid = Math.ceil(mid / step) * step - step;
  const bestAsk = Math.floor(mid / step) * step + step;
  const bids: number[] = [];
  const asks: number[] = [];
  for (let k = 0; k < levels; k++) {
    if (bestBid - k * step > 0) bids.push(bestBid - k * step);
    asks.push(bestAsk + k * step);
  }
  return { bids, asks };
}

export interface QuotePlan {
  /** Resting orders off the ladder (or doubled on a price). */
  cancel: number[];
  /** Ladder prices without an order, best first. */
  place: { side: Side; priceTicks: number; level: number }[];
}

/** What to cancel and what to place so that the resting quotes match the ladder. */
export function planQuotes(resting: readonly RestingQuote[], target: Ladder): QuotePlan {
  const cancel: number[] = [];
  const place: QuotePlan['place'] = [];
  for (const side of ['buy', 'sell'] as const) {
    const prices = side === 'buy' ? target.bids : target.asks;
    const wanted = new Set(prices);
    const held = new Set<number>();
    for (const q of resting) {
      if (q.side !== side) continue;
      if (wanted.has(q.priceTicks) && !held.has(q.priceTicks)) held.add(q.priceTicks);
      else cancel.push(q.id);
    }
    prices.forEach((priceTicks, level) => {
      if (!held.has(priceTicks)) place.push({ side, priceTicks, level });
    });
  }
  return { cancel, place };
}
