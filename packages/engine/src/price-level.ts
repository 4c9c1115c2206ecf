import type { Side } from './types.js';

/** A resting order: a node of its price level's FIFO queue. */
export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;
  level: PriceLevel | null = null;

  constructor(
    readonly id: number,
    readonly account: number,
    readonly side: Side,
    readonly price: number,
    public remaining: number,
    public filled: number,
  ) {}
}

/** All orders at one price, oldest first, with their total remaining quantity. */
export class PriceLevel {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  total = 0;
  count = 0;

  constructor(readonly price: number) {}

  append(order: RestingOrder): void {
    order.level = this;
    order.prev = this.tail;
    order.next = null;
    if (this.tail) this.tail.next = order;
    else this.head = order;
    this.tail = order;
    this.total += order.remaining;
    this.count++;
  }

  /** Unlinks the order; the caller has already taken its remaining quantity out of `total`. */
  unlink(order: RestingOrder): void {
    if (order.prev) order.prev.next = order.next;
    else this.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else this.tail = order.prev;
    order.prev = order.next = order.level = null;
    this.count--;
  }
}
