import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeListenKey,
  createListenKey,
  keepListenKeyAlive,
  LISTEN_KEY_TTL_MS,
  liveListenKeys,
} from '../src/modules/binance/listen-keys.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Listen keys in the database, as every process serving the streams reads them: an hour from
 * the last keep-alive, ten per API key, none outliving a revoked API key.
 */
describe.each(BACKENDS)('listen keys (%s)', (kind) => {
  let t: TestApp;
  let user: Member;
  let key: TestKey;
  let otherKey: TestKey;
  let revokedKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await member(t);
    [key, otherKey, revokedKey] = [
      await createKey(t, user),
      await createKey(t, user),
      await createKey(t, user),
    ];
  });
  afterAll(() => t?.close());

  const now = () => t.clock.now().getTime();
  const live = async (name: string) =>
    (await liveListenKeys(t.app.ctx.db, [name], now())).has(name);

  it('gives an API key at most ten, and none once the API key is revoked', async () => {
    const { db } = t.app.ctx;
    const names: string[] = [];
    // All in one millisecond, as a fast client's calls can be: the eleventh still gets the last.
    const at = now();
    for (let i = 0; i < 11; i++) names.push(await createListenKey(db, user.id, revokedKey.id, at));
    expect(new Set(names).size).toBe(10);
    expect(names[10]).toBe(names[9]);
    const revoke = await t.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${revokedKey.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await liveListenKeys(db, names, now())).size).toBe(0);
  });

  it('lives an hour from its last keep-alive, and not past a close', async () => {
    const { db } = t.app.ctx;
    const name = await createListenKey(db, user.id, key.id, now());
    expect(await liveListenKeys(db, [name, 'nothing'], now())).toEqual(
      new Map([[name, { userId: user.id, apiKeyId: key.id }]]),
    );
    t.clock.advance(LISTEN_KEY_TTL_MS - 60_000);
    expect(await keepListenKeyAlive(db, name, key.id, now())).toBe(true);
    t.clock.advance(LISTEN_KEY_TTL_MS - 60_000);
    expect(await live(name)).toBe(true);
    t.clock.advance(60_000);
    expect(await live(name)).toBe(false);
    expect(await keepListenKeyAlive(db, name, key.id, now())).toBe(false);

    const closed = await createListenKey(db, user.id, key.id, now());
    expect(await closeListenKey(db, closed, otherKey.id)).toBe(false);
    expect(await closeListenKey(db, closed, key.id)).toBe(true);
    expect(await live(closed)).toBe(false);
    expect(await keepListenKeyAlive(db, closed, key.id, now())).toBe(false);
  });
});
