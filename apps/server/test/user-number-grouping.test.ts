import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginToken, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 36: the user's digit grouping for amounts and prices, saved on the account. */
describe.each(BACKENDS)('the number grouping on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const putGrouping = (token: string | null, number_grouping: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/v1/users/number-grouping',
      payload: { number_grouping },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('is not chosen at first, then saved and shown in the profile', async () => {
    const token = await loginToken(t, await verifiedUser(t));
    expect((await get(t, '/users', token)).json().data.number_grouping).toBeNull();

    const saved = await putGrouping(token, 'international');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.number_grouping).toBe('international');
    expect((await get(t, '/users', token)).json().data.number_grouping).toBe('international');

    await putGrouping(token, 'indian');
    expect((await get(t, '/users', token)).json().data.number_grouping).toBe('indian');
  });

  it('refuses an unknown grouping with a clear message and keeps the saved one', async () => {
    const token = await loginToken(t, await verifiedUser(t));
    await putGrouping(token, 'indian');
    const refused = await putGrouping(token, 'european');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose Indian (1,00,000) or international (100,000) grouping');
    expect((await get(t, '/users', token)).json().data.number_grouping).toBe('indian');
  });

  it('needs a signed-in user', async () => {
    expect((await putGrouping(null, 'indian')).statusCode).toBe(401);
  });
});
