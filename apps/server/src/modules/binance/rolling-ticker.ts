import { tradeCount, type WindowStats } from '../market/rolling-window.js';
import { tickerNumbers } from './dto.js';
import { BINANCE_ERRORS } from './errors.js';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** The largest count of each unit `windowSize` takes: 1m..59m, 1h..23h, 1d..7d. */
const UNIT_MAX = { m: 59, h: 23, d: 7 } as const;

/** `GET /ticker`'s `windowSize` in milliseconds (Binance's default 1d), or -1100. */
export function windowSizeMs(windowSize: string | undefined): number {
  const match = /^([1-9]\d?)([mhd])$/.exec(windowSize ?? '1d');
  const unit = match?.[2] as keyof typeof UNIT_MS | undefined;
  const count = Number(match?.[1]);
  if (!unit || count > UNIT_MAX[unit]) throw BINANCE_ERRORS.illegalChars('windowSize');
  return count * UNIT_MS[unit];
}

/**
 * The window a rolling ticker covers, as Binance computes it: from the start of the minute
 * `windowMs` before now (so up to 59,999 ms wider than asked) to now.
 */
export function windowRange(nowMs: number, windowMs: number) {
  const from = nowMs - windowMs;
  return { openTime: from - (from % UNIT_MS.m), closeTime: nowMs };
}

/** `GET /ticker`'s weight: 4 per symbol, at most 200 (more than 50 symbols). */
export function rollingTickerWeight(query: Readonly<Record<string, unknown>>): number {
  if (typeof query.symbols !== 'string') return 4;
  try {
    const symbols: unknown = JSON.parse(query.symbols);
    return Array.isArray(symbols) ? Math.min(200, 4 * Math.max(1, symbols.length)) : 4;
  } catch {
    return 4;
  }
}

/**
 * Candles (any length, oldest first) folded into one window's statistics, its first and last
 * trade ids `ids` (-1 when none traded).
 */
export function foldCandles(
  candles: readonly {
    open: bigint;
    high: bigint;
    low: bigint;
    volume: bigint;
    quoteVolume: bigint;
  }[],
  ids: { firstId: number; lastId: number },
): WindowStats {
  const out: WindowStats = {
    open: null,
    high: null,
    low: null,
    volume: 0n,
    quoteVolume: 0n,
    firstId: ids.firstId,
    lastId: ids.lastId,
  };
  for (const c of candles) {
    out.open ??= c.open;
    if (out.high === null || c.high > out.high) out.high = c.high;
    if (out.low === null || c.low < out.low) out.low = c.low;
    out.volume += c.volume;
    out.quoteVolume += c.quoteVolume;
  }
  return out;
}

export type RollingTickerType = 'FULL' | 'MINI';

/** One pair's rolling-window ticker in Binance's FULL or MINI shape (`closeTime` is now). */
export function toRollingTicker(
  symbol: string,
  last: bigint | null,
  window: WindowStats,
  range: { openTime: number; closeTime: number },
  type: RollingTickerType,
) {
  const n = tickerNumbers(last, window);
  const full = type === 'FULL' && {
    priceChange: n.priceChange,
    priceChangePercent: n.priceChangePercent,
    weightedAvgPrice: n.weightedAvgPrice,
  };
  return {
    symbol,
    ...full,
    openPrice: n.openPrice,
    highPrice: n.highPrice,
    lowPrice: n.lowPrice,
    lastPrice: n.lastPrice,
    volume: n.volume,
    quoteVolume: n.quoteVolume,
    openTime: range.openTime,
    closeTime: range.closeTime,
    firstId: window.firstId,
    lastId: window.lastId,
    count: tradeCount(window),
  };
}
