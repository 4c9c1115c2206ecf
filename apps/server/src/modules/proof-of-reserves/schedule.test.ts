import { describe, expect, it } from 'vitest';
import { snapshotDue } from './schedule.js';

const DAY = 24 * 3_600_000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('snapshotDue', () => {
  it('is due at once when none was ever published (a fresh exchange, the demo)', () => {
    expect(snapshotDue(null, now, DAY)).toBe(true);
  });

  it('is not due again within half an interval of the latest (a restart, an admin run)', () => {
    expect(snapshotDue(ago(DAY / 2 - 1), now, DAY)).toBe(false);
    expect(snapshotDue(ago(0), now, DAY)).toBe(false);
  });

  it('is due from half an interval on', () => {
    expect(snapshotDue(ago(DAY / 2), now, DAY)).toBe(true);
    expect(snapshotDue(ago(3 * DAY), now, DAY)).toBe(true);
  });
});
