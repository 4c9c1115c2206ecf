import { describe, expect, it } from 'vitest';
import { isoText } from './iso-text.js';

describe('isoText', () => {
  it('writes every date as toISOString does, however they alternate and repeat', () => {
    const base = Date.UTC(2026, 10, 28, 3, 0, 0, 0);
    const instants = [0, 0, 1, 0, 1, 2, 1, 0, 2, 2, 999, 0, -5, 1];
    for (const offset of instants) {
      const date = new Date(base + offset);
      expect(isoText(date)).toBe(date.toISOString());
    }
  });

  it('follows a date changed in place (the instant is read each time, not the object)', () => {
    const date = new Date(Date.UTC(2026, 0, 1));
    expect(isoText(date)).toBe('2026-01-01T00:00:00.000Z');
    date.setTime(Date.UTC(2026, 0, 2));
    expect(isoText(date)).toBe('2026-01-02T00:00:00.000Z');
  });
});
