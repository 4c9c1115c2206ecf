/** One minute of trading in ledger units, as the `candles` table keeps it. */
export interface MinuteCandle {
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

  add(time: number, price: bigint, quantity: bigint, quote: bigint): void {
    const start = time - (time % MINUTE_MS);
    const last = this.minutes.at(-1);
    // A clock that stepped back lands in an older minute: widen that one, keep its close.
    const into = last && last.start > start ? this.minutes.find((m) => m.start === start) : last;
    if (into && into.start === start) {
      if (price > into.high) into.high = price;
      if (price < into.low) into.low = price;
      if (into === last) into.close = price;
      into.volume += quantity;
      into.quoteVolume += quote;
      return;
    }
    const candle = { start, open: price, high: price, low: price, close: price };
    this.load([{ ...candle, volume: quantity, quoteVolume: quote }]);
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
    for (const m of this.minutes) {
      if (high === null || m.high > high) high = m.high;
      if (low === null || m.low < low) low = m.low;
      volume += m.volume;
      quoteVolume += m.quoteVolume;
    }
    return { open: this.minutes[0]?.open ?? null, high, low, volume, quoteVolume };
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
      }
    }
    return out;
  }
}
