import { SHOULD_AUTOBATCH } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('the store', () => {
  it("tells its subscribers of RTK Query's auto-batched actions within the task, not a frame later", async () => {
    const { store, persistor } = createStore();
    persistor.pause();
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'test/autoBatched', meta: { [SHOULD_AUTOBATCH]: true } });
    store.dispatch({ type: 'test/autoBatched', meta: { [SHOULD_AUTOBATCH]: true } });
    expect(listener).not.toHaveBeenCalled();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    // Both in one notification, at the end of the task that dispatched them.
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
