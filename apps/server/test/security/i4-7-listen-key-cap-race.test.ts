import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../support/api-keys.js';
import { BACKENDS } from '../support/databases.js';
import { member } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review I4-7: `createListenKey` counted an API key's listen keys, then inserted one, without a
 * transaction, so calls at the same moment each counted fewer than ten and all inserted.
 */
describe.each(BACKENDS)('review I4-7: the listen-key cap under a race (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('gives an API key at most ten listen keys, however many calls arrive at once', async () => {
    const key = await createKey(t, await member(t));
    const create = () =>
      t.request({
        method: 'POST',
        url: '/api/v3/userDataStream',
        headers: { 'x-mbx-apikey': key.apiKey },
      });
    const answers = await Promise.all(Array.from({ length: 25 }, create));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const names = new Set(answers.map((a) => (a.json() as { listenKey: string }).listenKey));
    expect(names.size).toBe(10);
    const held = await t.database.db
      .selectFrom('listen_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('api_key_id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(10);
  });
});
