import { describe, expect, it } from 'vitest';
import { orderListIdOf, uidOf } from './dto.js';

describe("Binance's account and order-list numbers", () => {
  it("gives each user a stable whole-number uid from the user's id", () => {
    const id = '3f2b8c1e-0d4a-4e6f-9a7b-1c2d3e4f5a6b';
    expect(uidOf(id)).toBe(uidOf(id));
    expect(Number.isSafeInteger(uidOf(id))).toBe(true);
    expect(uidOf(id)).toBeLessThan(2 ** 52);
    expect(uidOf(id)).not.toBe(uidOf('3f2b8c1e-0d4a-4e6f-9a7b-1c2d3e4f5a6c'));
    // The SHA-256 of the empty text begins e3b0c44298fc1: its first 52 bits.
    expect(uidOf('')).toBe(0xe3b0c44298fc1);
  });

  it("numbers an OCO's orders by its first order, others -1", () => {
    expect(orderListIdOf({ id: 7, ocoId: null })).toBe(-1);
    expect(orderListIdOf({ id: 7, ocoId: 8 })).toBe(7);
    expect(orderListIdOf({ id: 8, ocoId: 7 })).toBe(7);
  });
});
