import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-uuid.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID carrying the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 24, 3, 45, 12, 345);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by time and never repeats', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => timeOrderedUuid(1_800_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    const sameMs = Array.from({ length: 5000 }, () => timeOrderedUuid(1_800_000_000_000));
    expect(new Set(sameMs).size).toBe(sameMs.length);
  });
});
