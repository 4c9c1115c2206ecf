import { IdIndex } from './id-index.js';
import type { Side } from './types.js';

export const NONE = -1;
const STRIDE = 8;
const ID = 0;
const ACCOUNT = 1;
const PRICE = 2;
const REMAINING = 3;
const FILLED = 4;
const PREV = 5;
const NEXT = 6;
const SIDE = 7;
const BUY = 0;
const SELL = 1;

/**
 * Every resting order of a book in one Float64Array, eight numbers per order (one cache line),
 * addressed by slot (the offset of its first number), with a free list and an id → slot index.
 * Resting orders allocate nothing on the heap, so 100,000 of them cost the garbage collector
 * nothing to trace, and a cancel of a random order touches few cache lines.
 */
export class OrderStore {
  private data: Float64Array;
  private readonly index = new IdIndex();
  private free: number[] = [];
  private used = 0;

  constructor(private capacity = 1024) {
    this.data = new Float64Array(capacity * STRIDE);
  }

  get size(): number {
    return this.index.size;
  }

  slotOf(orderId: number): number {
    return this.index.get(orderId);
  }

  has(orderId: number): boolean {
    return this.index.has(orderId);
  }

  add(
    id: number,
    account: number,
    side: Side,
    price: number,
    remaining: number,
    filled: number,
  ): number {
    const slot = this.allocate();
    const d = this.data;
    d[slot + ID] = id;
    d[slot + ACCOUNT] = account;
    d[slot + PRICE] = price;
    d[slot + REMAINING] = remaining;
    d[slot + FILLED] = filled;
    d[slot + PREV] = NONE;
    d[slot + NEXT] = NONE;
    d[slot + SIDE] = side === 'buy' ? BUY : SELL;
    this.index.set(id, slot);
    return slot;
  }

  release(slot: number): void {
    this.index.delete(this.data[slot + ID] as number);
    this.free.push(slot);
  }

  id(slot: number): number {
    return this.data[slot + ID] as number;
  }
  account(slot: number): number {
    return this.data[slot + ACCOUNT] as number;
  }
  price(slot: number): number {
    return this.data[slot + PRICE] as number;
  }
  remaining(slot: number): number {
    return this.data[slot + REMAINING] as number;
  }
  filled(slot: number): number {
    return this.data[slot + FILLED] as number;
  }
  side(slot: number): Side {
    return this.data[slot + SIDE] === BUY ? 'buy' : 'sell';
  }
  prev(slot: number): number {
    return this.data[slot + PREV] as number;
  }
  next(slot: number): number {
    return this.data[slot + NEXT] as number;
  }

  setPrev(slot: number, prev: number): void {
    this.data[slot + PREV] = prev;
  }
  setNext(slot: number, next: number): void {
    this.data[slot + NEXT] = next;
  }
  /** Takes `qty` off the order as filled and returns what remains. */
  fill(slot: number, qty: number): number {
    const d = this.data;
    d[slot + FILLED] = (d[slot + FILLED] as number) + qty;
    return (d[slot + REMAINING] = (d[slot + REMAINING] as number) - qty);
  }
  setRemaining(slot: number, remaining: number): void {
    this.data[slot + REMAINING] = remaining;
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) {
      this.capacity *= 2;
      const grown = new Float64Array(this.capacity * STRIDE);
      grown.set(this.data);
      this.data = grown;
    }
    return this.used++ * STRIDE;
  }
}
