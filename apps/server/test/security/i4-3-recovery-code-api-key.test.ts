import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { authed, member, sessionToken } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { enrolTotp } from '../support/two-factor.js';

/**
 * Review 4, I4-3: a recovery code as shown (`abcde-fghij`) was refused for a withdraw-scope API
 * key ("Invalid authenticator code"), though every other step-up takes it: the key's request
 * schema did not normalise the dash.
 */
describe.each(BACKENDS)('I4-3 recovery codes for withdraw-scope API keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No cooling-off: a withdraw key is not made while one runs.
    t = await createTestApp(kind, { env: { SECURITY_HOLD_HOURS: '0.0001' } });
  });
  afterAll(() => t.close());

  it('makes a withdraw-scope key with a recovery code as shown, in capitals too, once each', async () => {
    const user = await member(t);
    const { codes } = await enrolTotp(t, user.token);
    t.clock.advance(60_000);
    user.token = await sessionToken(t, user.id);
    const create = (code: string) =>
      authed(t, 'POST', '/api-keys', user.token, {
        label: 'withdraw bot',
        scopes: ['read', 'withdraw'],
        expires_in_days: 30,
        two_factor_code: code,
      });
    const dashed = codes[0]!;
    expect(dashed).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const first = await create(dashed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.scopes).toContain('withdraw');
    // Spent: the same code again is refused.
    expect((await create(dashed)).statusCode).toBe(400);
    const upper = await create(` ${codes[1]!.toUpperCase()} `);
    expect(upper.statusCode, upper.body).toBe(200);
  });
});
