import {
  CHART_INTERVALS,
  type Candle,
  type ChartInterval,
  type RecentTrade,
} from '@exchange/contracts';
import { groupThousands } from '@/lib/amount';

/** The chart panel's intervals (spec section 2): 1m to 1h. */
export const PANEL_INTERVALS = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
] as const satisfies readonly ChartInterval[];
export type PanelInterval = (typeof PANEL_INTERVALS)[number];
export type ChartKind = 'candles' | 'bars';

/**
 * The chart's colours (spec section 9): teal up candles and volume, red down ones, and a dark teal
 * bar for the live candle the feed opened.
 */
export const CHART_COLORS = {
  up: '#26a69a',
  down: '#ef5350',
  volumeUp: 'rgba(38, 166, 154, 0.45)',
  volumeDown: 'rgba(239, 83, 80, 0.45)',
  volumeNew: '#00796b',
} as const;

/** A candle as the chart draws it (numbers are for drawing only; the wire keeps strings). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Opened here by the live feed, not loaded: its volume bar is dark teal (spec section 2). */
  fresh?: boolean;
}

export const toBar = (c: Candle): Bar => ({
  time: c.time,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
  volume: Number(c.volume),
});

/** Fraction digits of a decimal string ("0.00002204" → 8). */
const fractionDigits = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * Decimals the price scale and legend show: spec section 2's 2, or as many as the pair's prices
 * carry (up to 8), so a coin priced 0.00002204 does not read 0.00 everywhere.
 */
export function pricePrecision(candles: readonly Candle[]): number {
  let digits = 2;
  for (const c of candles) {
    digits = Math.max(
      digits,
      fractionDigits(c.open),
      fractionDigits(c.high),
      fractionDigits(c.low),
      fractionDigits(c.close),
    );
  }
  return Math.min(digits, 8);
}

export const bucketOf = (epochSeconds: number, interval: PanelInterval) => {
  const size = CHART_INTERVALS[interval];
  return Math.floor(epochSeconds / size) * size;
};

/** A trade moves the live candle (high, low, close, volume) or opens the next one. */
export function applyTrade(
  last: Bar | undefined,
  trade: RecentTrade,
  interval: PanelInterval,
): Bar {
  const price = Number(trade.price);
  const quantity = Number(trade.quantity);
  const time = bucketOf(Math.floor(trade.time / 1000), interval);
  if (!last || time > last.time) {
    return {
      time,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: quantity,
      fresh: true,
    };
  }
  if (time < last.time) return last;
  return {
    ...last,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
    volume: last.volume + quantity,
  };
}

/**
 * The once-a-second step of spec section 4 with decision D5: when the interval's bucket moved on,
 * a new candle opens at the latest ticker price (or the previous close); otherwise the live
 * candle's high and low widen to the ticker price and its close follows it.
 */
export function applyTicker(
  last: Bar | undefined,
  price: number | undefined,
  nowSeconds: number,
  interval: PanelInterval,
): Bar | undefined {
  if (!last) return last;
  const time = bucketOf(nowSeconds, interval);
  if (time > last.time) {
    const open = price ?? last.close;
    return { time, open, high: open, low: open, close: open, volume: 0, fresh: true };
  }
  if (price === undefined || !Number.isFinite(price) || price <= 0) return last;
  return {
    ...last,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
  };
}

/** How many recent candles the chart opens on (walk-3 D23: all of 3 days at 5m are hairlines). */
export const VISIBLE_CANDLES = 100;

/**
 * The logical range the chart opens on: the last `VISIBLE_CANDLES` bars and a little room on the
 * right for the live one; null when every bar fits (then the chart fits its content).
 */
export function openingRange(count: number): { from: number; to: number } | null {
  if (count <= VISIBLE_CANDLES) return null;
  return { from: count - VISIBLE_CANDLES, to: count + 2 };
}

/**
 * The price axis as the order book shows prices: thousands grouped, the pair's decimals. Not
 * Intl: its first use on a page costs a phone tens of milliseconds.
 */
export const priceAxisFormatter =
  (precision: number) =>
  (price: number): string =>
    groupThousands(price.toFixed(precision));
