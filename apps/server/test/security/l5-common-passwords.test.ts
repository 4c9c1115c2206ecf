import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, post, registration, uniqueEmail, verifiedUser } from '../support/accounts.js';
import { authed } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const COMMON = 'Password123';
const MESSAGE = 'This password is on lists of common passwords. Choose one that is harder to guess';

/**
 * Review 1's L5 (ASVS V6.2), still open in review 4: a new password is checked against a list of
 * common passwords. Decision D1's composition rule alone lets "Password123" through.
 */
describe('common passwords (review L5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const refused = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGE });
    expect(body.data.errors.password).toBe(MESSAGE);
    return body;
  };

  it('refuses a common password at sign-up, alike for a new and a taken email', async () => {
    const taken = await verifiedUser(t);
    const fresh = refused(
      await post(t, '/auth/register', registration(uniqueEmail('pw'), { password: COMMON })),
    );
    const known = refused(
      await post(t, '/auth/register', registration(taken, { password: COMMON })),
    );
    expect(known).toEqual(fresh);
    refused(
      await post(
        t,
        '/auth/register',
        registration(uniqueEmail('pw'), { password: 'P@ssw0rd2025' }),
      ),
    );
  });

  it('refuses a common password as a new one, keeping the old', async () => {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    refused(
      await authed(t, 'POST', '/security/password', token, {
        current_password: 'Sup3rSecretPass',
        password: 'Welcome2024',
      }),
    );
    expect(await loginToken(t, email)).toBeTruthy();
  });
});
