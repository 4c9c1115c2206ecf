/** What a span of trading knew of its trades: their ids (consecutive per pair) and taker buys. */
export interface TradeFigures {
  /** The id of the span's first trade and of its last: -1 when none traded. */
  firstId: number;
  lastId: number;
  /** Base and quote bought by takers, in ledger units. */
  takerBuyVolume: bigint;
  takerBuyQuote: bigint;
}

/** One minute of trading in ledger units, as the `candles` table keeps it, with its trades. */
export interface MinuteCandle extends TradeFigures {
  /** Start of the minute, epoch milliseconds. */
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quoteVolume: bigint;
}

export interface WindowStats {
  /** The price 24 h ago: the open of the first minute still in the window; null when empty. */
  open: bigint | null;
  high: bigint | null;
  low: bigint | null;
  volume: bigint;
  quoteVolume: bigint;
  /** The window's first and last trade ids, -1 when none traded. */
  firstId: number;
  lastId: number;
}

/** One trade as the window takes it in (`takerBuy`: the taker bought). */
export interface WindowTrade {
  id: number;
  time: number;
  price: bigint;
  quantity: bigint;
  quote: bigint;
  takerBuy: boolean;
}

export const NO_TRADES: TradeFigures = {
  firstId: -1,
  lastId: -1,
  takerBuyVolume: 0n,
  takerBuyQuote: 0n,
};

/** A window's trade count from its first and last ids (a pair's ids have no gaps). */
export const tradeCount = (f: Pick<TradeFigures, 'firstId' | 'lastId'>): number =>
  f.firstId < 0 ? 0 : f.lastId - f.firstId + 1;

/** `into` widened by a later span's figures. */
export function addFigures(into: TradeFigures, later: TradeFigures): void {
  if (later.firstId >= 0 && (into.firstId < 0 || later.firstId < into.firstId))
    into.firstId = later.firstId;
  if (later.lastId > into.lastId) into.lastId = later.lastId;
  into.takerBuyVolume += later.takerBuyVolume;
  into.takerBuyQuote += later.takerBuyQuote;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/**
 * A pair's last 24 hours as one-minute candles, oldest first: at most 1,440 entries, so the
 * statistics are recomputed from them rather than kept as running sums that would need undoing.
 */
export class RollingWindow {
  private readonly minutes: MinuteCandle[] = [];

  /** Candles from the database at start, any order. */
  load(candles: MinuteCandle[]): void {
    this.minutes.push(...candles);
    this.minutes.sort((a, b) => a.start - b.start);
  }

  add(t: WindowTrade): void {
    const start = t.time - (t.time % MINUTE_MS);
    const last = this.minutes.at(-1);
    const figures: TradeFigures = {
      firstId: t.id,
      lastId: t.id,
      takerBuyVolume: t.takerBuy ? t.quantity : 0n,
      takerBuyQuote: t.takerBuy ? t.quote : 0n,
    };
    // A clock that stepped back lands in an older minute: widen that one, keep its close.
    const into = last && last.start > start ? this.minutes.find((m) => m.start === start) : last;
    if (into && into.start === start) {
      if (t.price > into.high) into.high = t.price;
      if (t.price < into.low) into.low = t.price;
      if (into === last) into.close = t.price;
      into.volume += t.quantity;
      into.quoteVolume += t.quote;
      addFigures(into, figures);
      return;
    }
    const price = { open: t.price, high: t.price, low: t.price, close: t.price };
    this.load([{ start, ...price, volume: t.quantity, quoteVolume: t.quote, ...figures }]);
  }

  /** Drops the minutes that left the 24 h ending at `now`; true when any did. */
  expire(now: number): boolean {
    const from = now - DAY_MS;
    let n = 0;
    while (n < this.minutes.length && (this.minutes[n] as MinuteCandle).start + MINUTE_MS <= from)
      n++;
    if (n > 0) this.minutes.splice(0, n);
    return n > 0;
  }

  stats(): WindowStats {
    let high: bigint | null = null;
    let low: bigint | null = null;
    let volume = 0n;
    let quoteVolume = 0n;
    const ids = { ...NO_TRADES };
    for (const m of this.minutes) {
      if (high === null || m.high > high) high = m.high;
      if (low === null || m.low < low) low = m.low;
      volume += m.volume;
      quoteVolume += m.quoteVolume;
      addFigures(ids, m);
    }
    const { firstId, lastId } = ids;
    return { open: this.minutes[0]?.open ?? null, high, low, volume, quoteVolume, firstId, lastId };
  }

  /** The minutes from `from` (epoch ms) on folded into one candle; null when none traded. */
  since(from: number): MinuteCandle | null {
    let out: MinuteCandle | null = null;
    for (let i = this.minutes.length - 1; i >= 0; i--) {
      const m = this.minutes[i] as MinuteCandle;
      if (m.start < from) break;
      if (!out) out = { ...m, start: from };
      else {
        out.open = m.open;
        if (m.high > out.high) out.high = m.high;
        if (m.low < out.low) out.low = m.low;
        out.volume += m.volume;
        out.quoteVolume += m.quoteVolume;
        addFigures(out, m);
      }
    }
    return out;
  }
}
