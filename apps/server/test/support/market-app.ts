import { afterAll, beforeAll } from 'vitest';
import type { DbKind } from '../../src/db/connect.js';
import { listBtcUsdt } from './market.js';
import { createTestApp, type TestApp } from './test-app.js';

export type MarketIds = Awaited<ReturnType<typeof listBtcUsdt>>;

/**
 * A stand-in for a value a `beforeAll` makes: it reads the value once the tests run, so a
 * describe block can name it where it declares its tests.
 */
function madeBeforeAll<T extends object>(value: () => T | undefined): T {
  const started = (): T => {
    const made = value();
    if (!made) throw new Error('used outside the tests of its describe block');
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(started(), key),
    has: (_, key) => Reflect.has(started(), key),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(started(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * For a describe block: the app on `kind` with BTCUSDT listed (`listBtcUsdt`, its minimum order
 * value `minNotional`), started before its tests and closed after them. Its own `beforeAll`s run
 * after this one, so they may use both.
 */
export function useMarketApp(
  kind: DbKind,
  options: Parameters<typeof createTestApp>[1] & { minNotional?: string } = {},
): { readonly t: TestApp; readonly ids: MarketIds } {
  let t: TestApp | undefined;
  let ids: MarketIds | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind, options);
    ids = await listBtcUsdt(t, options.minNotional);
  });
  afterAll(() => t?.close());
  return { t: madeBeforeAll(() => t), ids: madeBeforeAll(() => ids) };
}
