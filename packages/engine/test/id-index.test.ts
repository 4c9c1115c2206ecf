import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../src/id-index.js';

describe('IdIndex', () => {
  it('behaves like a Map under random inserts and deletes, through growth', () => {
    const op = fc.record({
      insert: fc.boolean(),
      key: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.maxSafeNat()),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), (ops) => {
        const index = new IdIndex(4);
        const model = new Map<number, number>();
        ops.forEach(({ insert, key }, i) => {
          if (insert && !model.has(key)) {
            index.set(key, i);
            model.set(key, i);
          } else if (!insert) {
            index.delete(key);
            model.delete(key);
          }
        });
        expect(index.size).toBe(model.size);
        for (const [key, value] of model) expect(index.get(key)).toBe(value);
        for (const { key } of ops) if (!model.has(key)) expect(index.has(key)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('answers not found for negative keys', () => {
    const index = new IdIndex();
    expect(index.get(-1)).toBe(-1);
    expect(index.has(-7)).toBe(false);
  });
});
