import { Engine, type Command, type EngineEvent, type Side } from '../src/index.js';

export const SYMBOL = 'BTCUSDT';
export const SPEC = { symbol: SYMBOL, tickSize: '0.01', lotSize: '0.00001' };

export interface WorkloadOptions {
  seed: number;
  /** Measured operations after the book is filled. */
  operations: number;
  /** Resting orders placed before measuring, and the most the workload lets rest. */
  resting: number;
}

export interface Workload {
  /** Passive orders that fill the book to `resting` before measuring. */
  prefill: Command[];
  /** About 50% passive limits, 35% cancels of live orders, 15% crossing IOC limits or markets. */
  measured: Command[];
}

/** mulberry32: a small, fast, seeded generator, so every run sees the same commands. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Generates the commands once, using our engine as the oracle of which orders are still live so
 * cancels hit live orders. Makers and takers use disjoint accounts, so self-trade prevention never
 * fires and both engines see the same matching.
 */
export function generateWorkload({ seed, operations, resting }: WorkloadOptions): Workload {
  const random = rng(seed);
  const oracle = new Engine();
  const book = oracle.addBook(SPEC);
  const live: number[] = [];
  const position = new Map<number, number>();
  const events: EngineEvent[] = [];
  let nextId = 1;
  let mid = 6_500_000; // 65,000.00 USDT in ticks of 0.01

  const forget = (id: number) => {
    const at = position.get(id);
    if (at === undefined) return;
    const last = live.pop() as number;
    if (last !== id) {
      live[at] = last;
      position.set(last, at);
    }
    position.delete(id);
  };
  const apply = (command: Command) => {
    events.length = 0;
    oracle.execute(command, events);
    for (const e of events) if (e.type === 'done') forget(e.orderId);
    if (command.type === 'limit' && book.orders.has(command.orderId)) {
      position.set(command.orderId, live.length);
      live.push(command.orderId);
    }
    return command;
  };
  const lots = (max: number) => 1 + Math.floor(random() * max);
  const passive = (): Command => {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const offset = 1 + Math.floor(-Math.log(1 - random()) * 60);
    const bestAsk = book.asks.best()?.price ?? Infinity;
    const bestBid = book.bids.best()?.price ?? 0;
    const price =
      side === 'buy' ? Math.min(mid - offset, bestAsk - 1) : Math.max(mid + offset, bestBid + 1);
    return {
      type: 'limit',
      symbol: SYMBOL,
      orderId: nextId++,
      account: lots(500),
      side,
      price,
      quantity: lots(100),
      tif: 'GTC',
    };
  };
  const cancel = (): Command => {
    const id = live[Math.floor(random() * live.length)] as number;
    return { type: 'cancel', symbol: SYMBOL, orderId: id };
  };
  const crossing = (): Command => {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const account = 500 + lots(500);
    const quantity = lots(100);
    if (random() < 0.5)
      return { type: 'market', symbol: SYMBOL, orderId: nextId++, account, side, quantity };
    const best =
      side === 'buy' ? (book.asks.best()?.price ?? mid) : (book.bids.best()?.price ?? mid);
    const price = side === 'buy' ? best + lots(5) : best - lots(5);
    return {
      type: 'limit',
      symbol: SYMBOL,
      orderId: nextId++,
      account,
      side,
      price,
      quantity,
      tif: 'IOC',
    };
  };

  const prefill: Command[] = [];
  while (book.orders.size < resting) prefill.push(apply(passive()));
  const measured: Command[] = [];
  for (let i = 0; i < operations; i++) {
    if (random() < 0.01) mid += random() < 0.5 ? -1 : 1;
    const r = random();
    // A full book turns a passive order into a cancel, so it never holds more than `resting`.
    if (r < 0.5 && book.orders.size < resting) measured.push(apply(passive()));
    else if (r < 0.85 && live.length > 0) measured.push(apply(cancel()));
    else measured.push(apply(crossing()));
  }
  return { prefill, measured };
}
