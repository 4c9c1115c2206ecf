import {
  compareDec,
  floorToStep,
  formatDec,
  isMultipleOf,
  mulDec,
  parseDec,
  type Dec,
} from '@/lib/decimal';
import type { BookLevel, BookView } from './order-book-model';

/** Spec section 2: at most 12 levels a side are shown. */
export const BOOK_LEVELS_SHOWN = 12;

/** The grouping choices: the pair's tick times 1, 10, 100 and 1000. */
export const GROUPING_FACTORS = [1, 10, 100, 1000] as const;

export interface BookRow {
  price: string;
  amount: string;
  /** The row's value in the quote coin: each level's price × amount, summed. */
  total: string;
  /**
   * The depth bar's length, 0 to 1: the amount from the best price down to this row (cumulative),
   * over the larger of the two sides' cumulative amounts on the rows shown.
   */
  depth: number;
}

const ZERO: Dec = { units: 0n, scale: 0 };
const addDec = (a: Dec, b: Dec): Dec => {
  const scale = Math.max(a.scale, b.scale);
  const up = (d: Dec) => d.units * 10n ** BigInt(scale - d.scale);
  return { units: up(a) + up(b), scale };
};
const toNumber = (d: Dec) => Number(formatDec(d));

/** `step` × `factor` as text: 0.01 × 100 → "1". */
export function groupStep(tick: string, factor: number): string {
  const t = parseDec(tick) ?? { units: 1n, scale: 0 };
  return formatDec(mulDec(t, { units: BigInt(factor), scale: 0 }));
}

/** A price's group: bids round down to the step, asks up (a group never looks better than its levels). */
function bucketOf(price: Dec, step: Dec, side: 'ask' | 'bid'): Dec {
  const down = floorToStep(price, step);
  return side === 'bid' || isMultipleOf(price, step) ? down : addDec(down, step);
}

interface Group {
  price: Dec;
  amount: Dec;
  total: Dec;
}

function groupSide(levels: readonly BookLevel[], step: Dec | null, side: 'ask' | 'bid'): Group[] {
  const groups: Group[] = [];
  for (const level of levels) {
    const price = parseDec(level.price);
    const amount = parseDec(level.amount);
    if (!price || !amount) continue;
    const bucket = step ? bucketOf(price, step, side) : price;
    const last = groups.at(-1);
    const value = mulDec(price, amount);
    // Levels come best first, so a group's levels are next to each other.
    if (last && compareDec(last.price, bucket) === 0) {
      last.amount = addDec(last.amount, amount);
      last.total = addDec(last.total, value);
    } else {
      if (groups.length === BOOK_LEVELS_SHOWN) break;
      groups.push({ price: bucket, amount, total: value });
    }
  }
  return groups;
}

/**
 * The rows shown: the best 12 groups a side, each level's price rounded to the step (bids down,
 * asks up) and the amounts and totals of a group's levels summed; with each row's depth bar.
 * Without a step (or a step that is not positive) each level is its own row.
 */
export function groupBook(view: BookView, step?: string): { asks: BookRow[]; bids: BookRow[] } {
  const s = step ? parseDec(step) : null;
  const usable = s && s.units > 0n ? s : null;
  const asks = groupSide(view.asks, usable, 'ask');
  const bids = groupSide(view.bids, usable, 'bid');
  const cumulative = (groups: Group[]) => {
    let sum = ZERO;
    return groups.map((g) => (sum = addDec(sum, g.amount)));
  };
  const askDepth = cumulative(asks);
  const bidDepth = cumulative(bids);
  const deepest = Math.max(toNumber(askDepth.at(-1) ?? ZERO), toNumber(bidDepth.at(-1) ?? ZERO));
  const rows = (groups: Group[], depth: Dec[]) =>
    groups.map((g, i) => ({
      price: formatDec(g.price),
      amount: formatDec(g.amount),
      total: formatDec(g.total),
      depth: deepest > 0 ? toNumber(depth[i] ?? ZERO) / deepest : 0,
    }));
  return { asks: rows(asks, askDepth), bids: rows(bids, bidDepth) };
}

/** The best ask less the best bid, and that as a percentage of the best ask; null on an empty side. */
export function spreadOf(view: BookView): { spread: string; percent: string } | null {
  const ask = view.asks[0] && parseDec(view.asks[0].price);
  const bid = view.bids[0] && parseDec(view.bids[0].price);
  if (!ask || !bid || ask.units <= 0n) return null;
  const spread = addDec(ask, { units: -bid.units, scale: bid.scale });
  return {
    spread: formatDec(spread),
    percent: ((toNumber(spread) / toNumber(ask)) * 100).toFixed(3),
  };
}

/** One side's cumulative depth for the depth chart: at each price, the amount up to it. */
export function depthCurve(levels: readonly BookLevel[]): { price: number; depth: number }[] {
  let sum = ZERO;
  return levels.flatMap((level) => {
    const price = parseDec(level.price);
    const amount = parseDec(level.amount);
    if (!price || !amount) return [];
    sum = addDec(sum, amount);
    return [{ price: toNumber(price), depth: toNumber(sum) }];
  });
}
