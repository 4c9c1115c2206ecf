import type { Side } from '@exchange/engine';
import type { DepthChange } from '../../core/trading/market-events.js';

/** The levels changed since the last flush, each at its latest total, and the sequence span. */
export interface ConflatedDepth {
  bids: [bigint, bigint][];
  asks: [bigint, bigint][];
  seq: number;
  prevSeq: number;
}

/**
 * Collects one book's depth changes between two feed messages. Only the latest total of each
 * level is kept, so a burst of changes becomes one message whatever its size. The engine numbers
 * every depth change, so a hole in the numbering (the core rebuilt its books) is detected and
 * reported with `prevSeq` -1, which no client holds: it fetches a fresh snapshot.
 */
export class DepthConflator {
  private readonly bids = new Map<bigint, bigint>();
  private readonly asks = new Map<bigint, bigint>();
  private sentSeq: number | null = null;
  private seq = 0;
  private broken = false;

  add(changes: readonly DepthChange[], seq: number): void {
    const before = seq - changes.length;
    if (this.sentSeq === null) this.sentSeq = before;
    else if (before !== this.seq) this.broken = true;
    this.seq = seq;
    for (const c of changes) this.side(c.side).set(c.price, c.quantity);
  }

  get pending(): boolean {
    return this.bids.size + this.asks.size > 0;
  }

  /** What changed since the previous flush, or null when nothing did. */
  flush(): ConflatedDepth | null {
    if (!this.pending) return null;
    const out: ConflatedDepth = {
      bids: [...this.bids].sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0)),
      asks: [...this.asks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      seq: this.seq,
      prevSeq: this.broken ? -1 : (this.sentSeq ?? 0),
    };
    this.bids.clear();
    this.asks.clear();
    this.sentSeq = this.seq;
    this.broken = false;
    return out;
  }

  private side(side: Side): Map<bigint, bigint> {
    return side === 'buy' ? this.bids : this.asks;
  }
}
