import type { EngineSnapshot } from './snapshot.js';

/**
 * A 64-bit FNV-1a style hash (two 32-bit lanes) over a canonical walk of the snapshot:
 * books in symbol order, orders in priority order. Not cryptographic; it detects divergence.
 */
export function hashSnapshot(snapshot: EngineSnapshot): string {
  const h = new Hasher();
  const books = [...snapshot.books].sort((a, b) => (a.spec.symbol < b.spec.symbol ? -1 : 1));
  for (const book of books) {
    const { spec } = book;
    h.text(spec.symbol).text(spec.tickSize).text(spec.lotSize);
    h.int(spec.maxPrice ?? 0).int(spec.maxQuantity ?? 0);
    h.int(book.halted ? 1 : 0)
      .int(book.depthSeq)
      .int(book.tradeSeq)
      .int(book.orders.length);
    for (const [orderId, account, side, price, remaining, filled] of book.orders) {
      h.int(orderId)
        .int(account)
        .int(side === 'buy' ? 1 : 2)
        .int(price)
        .int(remaining)
        .int(filled);
    }
  }
  return h.hex();
}

class Hasher {
  private a = 0x811c9dc5;
  private b = 0x01000193;

  int(n: number): this {
    const lo = n >>> 0;
    const hi = Math.floor(n / 0x100000000) >>> 0;
    return this.word(lo).word(hi);
  }

  text(s: string): this {
    this.int(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
    return this;
  }

  hex(): string {
    return (
      (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0')
    );
  }

  private word(w: number): this {
    this.a = Math.imul(this.a ^ w, 0x01000193);
    this.b = Math.imul(this.b ^ (w + 0x9e3779b9), 0x5bd1e995) ^ (this.a >>> 15);
    return this;
  }
}
