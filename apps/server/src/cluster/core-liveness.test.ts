import { describe, expect, it } from 'vitest';
import { afterPing, INITIAL_LIVENESS, LOST_AFTER_MS, type Liveness } from './core-liveness.js';

const up: Liveness = { seenAt: 10_000, epoch: 'a', lost: false, links: 1 };

describe('afterPing', () => {
  it('an answer marks the core there and fails nothing', () => {
    const next = afterPing(INITIAL_LIVENESS, { kind: 'answer', epoch: 'a', links: 1 }, 5);
    expect(next).toEqual({
      state: { seenAt: 5, epoch: 'a', lost: false, links: 1 },
      failWaiting: false,
    });
  });

  it("the broker's no-responders loses the core at once and fails the waiting calls", () => {
    const next = afterPing(up, { kind: 'noResponders' }, 10_001);
    expect(next.failWaiting).toBe(true);
    expect(next.state.lost).toBe(true);
  });

  it('a timeout loses the core only once nothing answered for LOST_AFTER_MS', () => {
    const early = afterPing(up, { kind: 'timeout' }, up.seenAt + LOST_AFTER_MS - 1);
    expect(early).toEqual({ state: up, failWaiting: false });
    const late = afterPing(up, { kind: 'timeout' }, up.seenAt + LOST_AFTER_MS);
    expect(late.failWaiting).toBe(true);
    expect(late.state.lost).toBe(true);
  });

  it('every failed ping while lost fails the calls sent meanwhile', () => {
    const lost = { ...up, lost: true };
    expect(afterPing(lost, { kind: 'noResponders' }, 20_000).failWaiting).toBe(true);
  });

  it("a new core's epoch fails the calls left waiting on the last one", () => {
    const next = afterPing(up, { kind: 'answer', epoch: 'b', links: 1 }, 10_100);
    expect(next).toEqual({
      state: { seenAt: 10_100, epoch: 'b', lost: false, links: 1 },
      failWaiting: true,
    });
    expect(afterPing(up, { kind: 'answer', epoch: 'a', links: 1 }, 10_100).failWaiting).toBe(false);
  });

  it('a new core after the last was judged lost fails nothing: the calls waiting went to it', () => {
    const lost = { ...up, lost: true };
    const next = afterPing(lost, { kind: 'answer', epoch: 'b', links: 1 }, 11_000);
    expect(next).toEqual({
      state: { seenAt: 11_000, epoch: 'b', lost: false, links: 1 },
      failWaiting: false,
    });
  });

  it("the same core's broker link back after a cut fails the calls sent over the old link", () => {
    const next = afterPing(up, { kind: 'answer', epoch: 'a', links: 2 }, 10_100);
    expect(next).toEqual({
      state: { seenAt: 10_100, epoch: 'a', lost: false, links: 2 },
      failWaiting: true,
    });
    // Already judged lost: those calls failed then.
    const lost = { ...up, lost: true };
    expect(afterPing(lost, { kind: 'answer', epoch: 'a', links: 2 }, 10_100).failWaiting).toBe(
      false,
    );
  });
});
