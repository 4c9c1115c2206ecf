import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  latestCode,
  loginToken,
  PASSWORD,
  post,
  registration,
  uniqueEmail,
  verifiedUser,
} from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEW_PASSWORD = 'Brand9NewPassword';

describe.each(BACKENDS)('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function resetToken(email: string): Promise<string> {
    t.clock.advance(11_000);
    await post(t, '/auth/password/forgot', { email });
    const res = await post(t, '/auth/otp/validate', {
      email,
      otp: latestCode(t, email),
      otp_for: 'password_reset',
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Code verified. Set a new password',
      data: { expires_in: 900 },
    });
    return res.json().data.reset_token as string;
  }

  it('answers forgot-password alike whether or not the account exists', async () => {
    const email = await verifiedUser(t);
    t.clock.advance(11_000);
    const known = await post(t, '/auth/password/forgot', { email });
    const unknownEmail = uniqueEmail();
    const unknown = await post(t, '/auth/password/forgot', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.outbox.list(email)[0]?.subject).toBe('Reset your password');
    expect(t.outbox.list(unknownEmail)).toHaveLength(0);
  });

  it('sets the new password and revokes every session', async () => {
    const email = await verifiedUser(t);
    const session = await loginToken(t, email);
    const token = await resetToken(email);
    const res = await post(t, '/auth/password/reset', {
      reset_token: token,
      password: NEW_PASSWORD,
    });
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      message: 'Password reset successfully. Log in with your new password',
      data: null,
    });
    expect((await get(t, '/users', session)).statusCode).toBe(401);
    expect((await post(t, '/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(t, '/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('uses a reset token once', async () => {
    const email = await verifiedUser(t);
    const token = await resetToken(email);
    await post(t, '/auth/password/reset', { reset_token: token, password: NEW_PASSWORD });
    const again = await post(t, '/auth/password/reset', { reset_token: token, password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses an expired or made-up reset token', async () => {
    const email = await verifiedUser(t);
    const token = await resetToken(email);
    t.clock.advance(15 * 60_000 + 1);
    const expired = await post(t, '/auth/password/reset', {
      reset_token: token,
      password: NEW_PASSWORD,
    });
    expect(expired.json()).toMatchObject({ status: 400, code: 'RESET_TOKEN_INVALID' });
    const madeUp = await post(t, '/auth/password/reset', {
      reset_token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(madeUp.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('applies the password rule to the new password, changing nothing', async () => {
    const email = await verifiedUser(t);
    const token = await resetToken(email);
    const res = await post(t, '/auth/password/reset', { reset_token: token, password: 'weak' });
    expect(res.json()).toMatchObject({ status: 400, message: 'Minimum 10 characters' });
    const ok = await post(t, '/auth/password/reset', {
      reset_token: token,
      password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not take a registration code for a reset', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    const res = await post(t, '/auth/otp/validate', {
      email,
      otp: latestCode(t, email),
      otp_for: 'password_reset',
    });
    expect(res.json().code).toBe('OTP_INVALID');
  });

  it('verifies the email of an unverified account it resets', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    const token = await resetToken(email);
    await post(t, '/auth/password/reset', { reset_token: token, password: NEW_PASSWORD });
    expect((await post(t, '/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
