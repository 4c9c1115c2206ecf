import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frame-batch';

/** Runs the next animation frame, then the tasks it queued. */
function passFrameAndTasks() {
  vi.advanceTimersToNextFrame();
  vi.runOnlyPendingTimers();
}

describe('frameBatch', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('flushes once for every call before the next frame, after the frame', () => {
    const order: string[] = [];
    const batch = frameBatch(() => order.push('flush'));
    batch.schedule();
    batch.schedule();
    // Another frame callback, registered after: the frame's callbacks all run before the flush.
    requestAnimationFrame(() => order.push('frame'));
    batch.schedule();
    expect(order).toEqual([]);
    passFrameAndTasks();
    expect(order).toEqual(['frame', 'flush']);
  });

  it('flushes again for a call after the flush', () => {
    const flush = vi.fn();
    const batch = frameBatch(flush);
    batch.schedule();
    passFrameAndTasks();
    batch.schedule();
    passFrameAndTasks();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('does not flush once cancelled, before the frame or after it', () => {
    const flush = vi.fn();
    const batch = frameBatch(flush);
    batch.schedule();
    batch.cancel();
    passFrameAndTasks();
    batch.schedule();
    vi.advanceTimersToNextFrame();
    batch.cancel();
    vi.runOnlyPendingTimers();
    expect(flush).not.toHaveBeenCalled();
  });
});
