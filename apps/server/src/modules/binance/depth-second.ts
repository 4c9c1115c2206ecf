import type { OrderBookUpdate } from '@exchange/contracts';

/**
 * `<symbol>@depth` at Binance's 1000 ms: the 100 ms updates of one second merged, each level at
 * its latest total, spanning from the first update's `U` to the last one's `u`. A hole between
 * two merged updates (the book was rebuilt) makes the merged one start at `U` 0, which no
 * client's `u` meets, so it fetches a new snapshot.
 */
export class DepthSecond {
  private readonly pending = new Map<string, Merged>();

  add(update: OrderBookUpdate): void {
    const merged = this.pending.get(update.symbol);
    if (!merged) {
      this.pending.set(update.symbol, {
        prevSeq: update.prev_seq,
        seq: update.seq,
        bids: new Map(update.bids),
        asks: new Map(update.asks),
      });
      return;
    }
    if (update.prev_seq !== merged.seq) merged.prevSeq = -1;
    merged.seq = update.seq;
    for (const [price, quantity] of update.bids) merged.bids.set(price, quantity);
    for (const [price, quantity] of update.asks) merged.asks.set(price, quantity);
  }

  /** The merged update of every symbol that changed since the last call. */
  flush(): OrderBookUpdate[] {
    const out = [...this.pending].map(([symbol, m]) => ({
      symbol,
      seq: m.seq,
      prev_seq: m.prevSeq,
      bids: [...m.bids].sort((a, b) => Number(b[0]) - Number(a[0])),
      asks: [...m.asks].sort((a, b) => Number(a[0]) - Number(b[0])),
    }));
    this.pending.clear();
    return out;
  }
}

interface Merged {
  prevSeq: number;
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}
