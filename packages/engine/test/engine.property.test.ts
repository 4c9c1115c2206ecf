import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Command,
  Engine,
  type EngineEvent,
  type Side,
  type TimeInForce,
  validateBook,
} from '../src/index.js';
import { SYMBOL } from './commands.js';
import { describeEvents, ReferenceModel } from './reference-model.js';

const SPEC = { symbol: SYMBOL, tickSize: '0.5', lotSize: '1' };

/** Commands refer to earlier orders by index, so cancels and reduces usually hit live orders. */
type Step =
  | {
      kind: 'limit';
      side: Side;
      account: number;
      price: number;
      quantity: number;
      tif: TimeInForce;
    }
  | { kind: 'market'; side: Side; account: number; quantity: number; protect: number | null }
  | { kind: 'quote'; account: number; amount: number }
  | { kind: 'cancel' | 'reduce'; target: number; quantity: number }
  | { kind: 'halt' | 'resume' };

const side = fc.constantFrom<Side>('buy', 'sell');
const account = fc.integer({ min: 1, max: 4 });
const price = fc.integer({ min: 95, max: 105 });
const quantity = fc.integer({ min: 1, max: 12 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      account,
      price,
      quantity,
      tif: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      account,
      quantity,
      protect: fc.option(price),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      account,
      amount: fc.integer({ min: 1, max: 2000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('cancel' as const, 'reduce' as const),
      target: fc.nat(),
      quantity: fc.integer({ min: 0, max: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('halt' as const, 'resume' as const) }),
  },
);

function toCommands(steps: Step[]): Command[] {
  let nextId = 1;
  return steps.map((s): Command => {
    const orderId = nextId;
    switch (s.kind) {
      case 'limit':
        nextId++;
        return {
          type: 'limit',
          symbol: SYMBOL,
          orderId,
          account: s.account,
          side: s.side,
          price: s.price,
          quantity: s.quantity,
          tif: s.tif,
        };
      case 'market':
        nextId++;
        return {
          type: 'market',
          symbol: SYMBOL,
          orderId,
          account: s.account,
          side: s.side,
          quantity: s.quantity,
          ...(s.protect === null ? {} : { protectPrice: s.protect }),
        };
      case 'quote':
        nextId++;
        return {
          type: 'market',
          symbol: SYMBOL,
          orderId,
          account: s.account,
          side: 'buy',
          quoteAmount: s.amount,
        };
      case 'cancel':
        return { type: 'cancel', symbol: SYMBOL, orderId: 1 + (s.target % nextId) };
      case 'reduce':
        return {
          type: 'reduce',
          symbol: SYMBOL,
          orderId: 1 + (s.target % nextId),
          quantity: s.quantity,
        };
      case 'halt':
      case 'resume':
        return { type: s.kind, symbol: SYMBOL };
    }
  });
}

/** Per order: lots submitted, filled and cancelled, to check conservation against what rests. */
class Ledger {
  private readonly orders = new Map<
    number,
    { submitted: number; filled: number; cancelled: number }
  >();

  record(cmd: Command, events: EngineEvent[]): void {
    for (const e of events) {
      // Quote-budget market orders have no base quantity to conserve.
      const quantity = cmd.type === 'limit' || cmd.type === 'market' ? cmd.quantity : undefined;
      if (e.type === 'accepted' && quantity !== undefined) {
        this.orders.set(e.orderId, { submitted: quantity, filled: 0, cancelled: 0 });
      }
      if (e.type === 'trade') {
        this.add(e.makerOrderId, 'filled', e.quantity);
        this.add(e.takerOrderId, 'filled', e.quantity);
      }
      if (e.type === 'done') this.add(e.orderId, 'cancelled', e.cancelledQuantity);
      if (e.type === 'reduced') this.add(e.orderId, 'cancelled', e.reducedBy);
    }
  }

  check(engine: Engine): void {
    for (const [id, o] of this.orders) {
      const resting = engine.order(SYMBOL, id)?.remaining ?? 0;
      expect(o.filled + resting + o.cancelled, `order ${id}`).toBe(o.submitted);
    }
  }

  private add(id: number, field: 'filled' | 'cancelled', qty: number): void {
    const o = this.orders.get(id);
    if (o) o[field] += qty;
  }
}

/** Rebuilds the L2 book from depth events alone, checking their sequence has no gap. */
class DepthMirror {
  private readonly levels = { buy: new Map<number, number>(), sell: new Map<number, number>() };
  private seq = 0;

  apply(events: EngineEvent[]): void {
    for (const e of events) {
      if (e.type !== 'depth') continue;
      expect(e.seq).toBe(++this.seq);
      if (e.quantity === 0) this.levels[e.side].delete(e.price);
      else this.levels[e.side].set(e.price, e.quantity);
    }
  }

  book() {
    const sorted = (m: Map<number, number>, dir: number) =>
      [...m].sort((a, b) => dir * (a[0] - b[0]));
    return { bids: sorted(this.levels.buy, -1), asks: sorted(this.levels.sell, 1) };
  }
}

describe('engine against the reference model', () => {
  it('agrees on every event and keeps every invariant after every step', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const engine = new Engine();
        const book = engine.addBook(SPEC);
        const model = new ReferenceModel();
        const ledger = new Ledger();
        const mirror = new DepthMirror();
        for (const cmd of toCommands(steps)) {
          const events: EngineEvent[] = [];
          engine.execute(cmd, events);
          expect(describeEvents(events)).toEqual(model.execute(cmd));
          expect(validateBook(book)).toEqual([]);
          ledger.record(cmd, events);
          ledger.check(engine);
          mirror.apply(events);
          const depth = engine.depth(SYMBOL, 1000);
          expect(mirror.book()).toEqual(depth);
          expect(depth).toEqual(model.depth());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('replays a journal onto a snapshot to the same state hash and the same events', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), fc.nat(), (steps, at) => {
        const commands = toCommands(steps);
        const split = commands.length === 0 ? 0 : at % (commands.length + 1);
        const engine = new Engine();
        engine.addBook(SPEC);
        engine.addBook({ ...SPEC, symbol: 'ETHUSDT' });
        commands.slice(0, split).forEach((c) => engine.execute(c, []));
        const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
        const original: EngineEvent[] = [];
        commands.slice(split).forEach((c) => engine.execute(c, original));

        const restored = Engine.restore(snapshot);
        const replayed: EngineEvent[] = [];
        commands.slice(split).forEach((c) => restored.execute(c, replayed));
        expect(replayed).toEqual(original);
        expect(restored.stateHash()).toBe(engine.stateHash());
        expect(restored.depth(SYMBOL, 1000)).toEqual(engine.depth(SYMBOL, 1000));
      }),
      { numRuns: 200 },
    );
  });
});
