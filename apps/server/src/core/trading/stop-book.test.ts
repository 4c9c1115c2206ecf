import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairStops, StopTree, type StopEntry } from './stop-book.js';

const stop = (id: number, side: 'buy' | 'sell', stopTicks: number, userId = 'u'): StopEntry => ({
  id,
  userId,
  side,
  stopTicks,
});

describe('StopTree', () => {
  it('keeps sell stops highest first and buy stops lowest first, older first at one price', () => {
    const sells = new StopTree<StopEntry>();
    for (const s of [stop(1, 'sell', 90), stop(2, 'sell', 95), stop(3, 'sell', 95)])
      sells.insert(s);
    expect(sells.entries().map((s) => s.id)).toEqual([2, 3, 1]);
    const buys = new StopTree<StopEntry>();
    for (const s of [stop(4, 'buy', 110), stop(5, 'buy', 105), stop(6, 'buy', 110)]) buys.insert(s);
    expect(buys.entries().map((s) => s.id)).toEqual([5, 4, 6]);
  });

  it('agrees with a sorted list through random inserts, removals and splits', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('add' as const), price: fc.integer({ min: 1, max: 20 }) }),
            fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
            fc.record({
              op: fc.constant('split' as const),
              price: fc.integer({ min: 1, max: 20 }),
            }),
          ),
          { maxLength: 200 },
        ),
        (ops) => {
          const tree = new StopTree<StopEntry>();
          let model: StopEntry[] = [];
          let id = 0;
          const order = (a: StopEntry, b: StopEntry) =>
            (b.stopTicks ?? 0) - (a.stopTicks ?? 0) || a.id - b.id;
          for (const o of ops) {
            if (o.op === 'add') {
              const s = stop(++id, 'sell', o.price);
              tree.insert(s);
              model = [...model, s].sort(order);
            } else if (o.op === 'remove') {
              const s = model[o.pick % Math.max(1, model.length)];
              if (!s) continue;
              expect(tree.remove(s)).toBe(true);
              expect(tree.remove(s)).toBe(false);
              model = model.filter((m) => m !== s);
            } else {
              // A sell stop at or above the last price is crossed.
              const taken = tree.splitUpTo(-o.price);
              const crossed = model.filter((m) => (m.stopTicks ?? 0) >= o.price);
              expect(taken.entries()).toEqual(crossed);
              expect(taken.size).toBe(crossed.length);
              // Put back half the time: the undo of a split.
              if (o.price % 2 === 0) tree.prepend(taken);
              else model = model.filter((m) => !crossed.includes(m));
            }
            expect(tree.entries()).toEqual(model);
            expect(tree.size).toBe(model.length);
            expect(tree.first()).toBe(model[0]);
          }
        },
      ),
    );
  });
});

describe('PairStops', () => {
  it('makes crossed stops due in chunks, each in price-time order, and never a later stop early', () => {
    const book = new PairStops<StopEntry>();
    for (const s of [
      stop(1, 'sell', 95, 'a'),
      stop(2, 'sell', 99, 'b'),
      stop(3, 'sell', 90, 'a'),
      stop(4, 'buy', 110, 'a'),
    ])
      book.add(s);
    expect(book.countOf('a')).toBe(3);
    // The price dips to 94: the stops at 99 and 95 are crossed, highest first.
    expect(book.cross(94)).toBe(2);
    // It comes back to 100; a new sell stop at 96 is not crossed by it and must not trigger.
    book.add(stop(5, 'sell', 96, 'b'));
    expect(book.cross(100)).toBe(0);
    expect(book.takeDue()?.id).toBe(2);
    expect(book.takeDue()?.id).toBe(1);
    expect(book.takeDue()).toBeUndefined();
    expect(book.inspect().waiting.sell.map((s) => s.id)).toEqual([5, 3]);
    // Both sides: the buy at 110 and, at 80, both remaining sells.
    expect(book.cross(110)).toBe(1);
    expect(book.cross(80)).toBe(2);
    expect([book.takeDue(), book.takeDue(), book.takeDue()].map((s) => s?.id)).toEqual([4, 5, 3]);
    expect(book.size).toBe(0);
    expect(book.countOf('a')).toBe(0);
  });

  it('removes a due stop (an OCO cancelled) and undoes every change newest first', () => {
    const tally = { due: 0 };
    const book = new PairStops<StopEntry>(tally);
    const undo: (() => void)[] = [];
    const record = (fn: () => void) => undo.push(fn);
    const stops = [stop(1, 'sell', 95), stop(2, 'sell', 99), stop(3, 'buy', 120)];
    for (const s of stops) book.add(s);
    const before = JSON.stringify(book.inspect());
    book.cross(90, record);
    expect(tally.due).toBe(2);
    expect(book.remove(stops[0] as StopEntry, record)).toBe(true);
    expect(book.takeDue(record)?.id).toBe(2);
    expect(book.takeDue(record)).toBeUndefined();
    expect(tally.due).toBe(0);
    book.add(stop(4, 'sell', 80), record);
    while (undo.length > 0) (undo.pop() as () => void)();
    expect(JSON.stringify(book.inspect())).toBe(before);
    expect(tally.due).toBe(0);
    expect(book.size).toBe(3);
    expect(book.countOf('u')).toBe(3);
  });
});
