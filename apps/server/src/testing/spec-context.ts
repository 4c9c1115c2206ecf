import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context.js';
import { testContext, type TestContext } from './test-context.js';

/** A file's `testContext`, on a clock its spec moves. */
export interface SpecContext extends Omit<TestContext, 'close'> {
  /** Moves the context's clock (`ctx.now()`) on by `ms` (back with a negative number). */
  advance(ms: number): void;
}

/**
 * The set-up every service spec shares: a `testContext` opened before the file's tests and
 * closed after them, its clock starting at the real time and moved only by `advance`. Call it
 * at the top of a `describe`; further `beforeAll`s (a coin listed) run after it.
 */
export function specContext(env?: Record<string, string>): SpecContext {
  let t: TestContext | undefined;
  let offset = 0;
  const start = Date.now();
  beforeAll(async () => {
    t = await testContext({ env, now: () => new Date(start + offset) });
  });
  afterAll(() => t?.close());
  const opened = () => {
    if (!t) throw new Error('specContext: the context opens in beforeAll');
    return t;
  };
  return {
    get ctx(): AppContext {
      return opened().ctx;
    },
    user: (overrides) => opened().user(overrides),
    coin: (token) => opened().coin(token),
    advance: (ms) => {
      offset += ms;
    },
  };
}
