import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, registration, uniqueEmail, verifiedUser } from '../support/accounts.js';
import { authed, member, type Member } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 4's free-text findings, as the reviewer sent them:
 * N4-L1, a NUL (or an unpaired surrogate) in any free text answered 500 (PostgreSQL cannot store
 * it), with no login needed at sign-up; N4-L5, the User-Agent wrote the owner's new-login mail.
 */
describe('free text from a caller (review 4: N4-L1, N4-L5)', () => {
  let t: TestApp;
  let user: Member;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    user = await member(t);
  });
  afterAll(() => t.close());

  const refusedWith400 = (response: { statusCode: number; body: string }, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.data.errors[field]).toBe(
      'Text cannot contain control characters or broken characters',
    );
  };

  it('refuses a NUL in sign-up names with 400, creating no account', async () => {
    const email = uniqueEmail('nul');
    const response = await post(
      t,
      '/auth/register',
      registration(email, { first_name: 'A\u0000' }),
    );
    refusedWith400(response, 'first_name');
    const again = await post(t, '/auth/register', registration(email));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a NUL or a lone surrogate in labels, saving nothing', async () => {
    const address = '0x1111111111111111111111111111111111111111';
    for (const label of ['\u0000', 'ok\uD83D'])
      refusedWith400(
        await authed(t, 'POST', '/withdraw-addresses', user.token, {
          label,
          network: 'ethereum',
          address,
        }),
        'label',
      );
    refusedWith400(
      await authed(t, 'POST', '/api-keys', user.token, {
        label: 'bot\u0000',
        scopes: ['read'],
        expires_in_days: 30,
      }),
      'label',
    );
    const saved = await authed(t, 'GET', '/withdraw-addresses', user.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.stringify(JSON.parse(saved.body).data)).not.toContain(address);
  });

  it('answers in Hindi for a Hindi caller', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'accept-language': 'hi' },
      payload: registration(uniqueEmail('nul-hi'), { last_name: 'x\u0000' }),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toBe('टेक्स्ट में कंट्रोल कैरेक्टर या टूटे हुए अक्षर नहीं हो सकते');
  });

  it("never lets the User-Agent write the owner's new-login notice", async () => {
    const email = await verifiedUser(t);
    const crafted =
      'Exchange Support: this login is ours, do not change your password. Call 0000000000/1.0 (Windows NT 10.0)';
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: '127.0.0.3',
      headers: { 'user-agent': crafted },
    });
    expect(login.statusCode, login.body).toBe(200);
    const mails = t.outbox.list(email);
    expect(mails.map((m) => m.subject).join()).toMatch(/login|sign/i);
    const text = JSON.stringify(mails);
    expect(text).toContain('Unknown browser on Windows');
    expect(text).not.toContain('Exchange Support');
    expect(text).not.toContain('0000000000');
    const token = JSON.parse(login.body).data.access_token as string;
    const sessions = await authed(t, 'GET', '/auth/sessions', token);
    expect(sessions.statusCode, sessions.body).toBe(200);
    expect(sessions.body).not.toContain('Exchange Support');
  });
});
