import { NONE, type OrderStore } from './order-store.js';

/** All orders at one price as a FIFO queue of store slots, with their total remaining quantity. */
export class PriceLevel {
  head = NONE;
  tail = NONE;
  total = 0;
  count = 0;

  constructor(
    readonly price: number,
    private readonly store: OrderStore,
  ) {}

  append(slot: number): void {
    const store = this.store;
    store.setPrev(slot, this.tail);
    store.setNext(slot, NONE);
    if (this.tail === NONE) this.head = slot;
    else store.setNext(this.tail, slot);
    this.tail = slot;
    this.total += store.remaining(slot);
    this.count++;
  }

  /** Unlinks the slot; the caller has already taken its remaining quantity out of `total`. */
  unlink(slot: number): void {
    const store = this.store;
    const before = store.prev(slot);
    const after = store.next(slot);
    if (before === NONE) this.head = after;
    else store.setNext(before, after);
    if (after === NONE) this.tail = before;
    else store.setPrev(after, before);
    this.count--;
  }
}
