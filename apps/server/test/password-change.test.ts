import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginToken, PASSWORD, post, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEW_PASSWORD = 'Fresh-Passw0rd-2026';

/** Issue 35 item 4: changing the password while signed in. */
describe.each(BACKENDS)('changing the password while signed in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const change = (token: string, body: object) => post(t, '/security/password', body, token);
  /** What a login with `password` answers: a token, a second-factor challenge, or a refusal. */
  const loginStatus = async (email: string, password: string) =>
    (await post(t, '/auth/login', { email, password })).statusCode;

  it('needs the current password, a different new one under the rule, and the second factor', async () => {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    const other = await loginToken(t, email);

    const wrong = await change(token, {
      current_password: 'Not-The-Passw0rd',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Your current password is not correct',
    });
    const same = await change(token, { current_password: PASSWORD, password: PASSWORD });
    expect(same.json()).toMatchObject({ message: 'Choose a password other than your current one' });
    const weak = await change(token, { current_password: PASSWORD, password: 'short' });
    expect(weak.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await loginStatus(email, PASSWORD)).toBe(200);

    // With the authenticator app on, the change needs its code.
    const setup = await post(t, '/security/totp/setup', {}, token);
    const secret = setup.json().data.secret as string;
    const code = () => {
      t.clock.advance(30_000);
      return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    };
    expect((await post(t, '/security/totp/enable', { code: await code() }, token)).statusCode).toBe(
      200,
    );
    const noCode = await change(token, { current_password: PASSWORD, password: NEW_PASSWORD });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

    const changed = await change(token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      two_factor_code: await code(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Password changed. Your other sessions were logged out');
    expect(await loginStatus(email, PASSWORD)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    // The session that changed it stays; every other one ends; withdrawals wait.
    const profile = await get(t, '/users', token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.withdrawals_held_until).not.toBeNull();
    expect((await get(t, '/users', other)).statusCode).toBe(401);
    await t.app.ctx.mailIdle();
    const mail = t.outbox.list(email).find((m) => m.subject === 'Your password was changed');
    expect(mail?.text).toContain('every other session was logged out');
  });
});
