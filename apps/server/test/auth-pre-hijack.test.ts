import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const VICTIM = 'VictimPass123';
const ATTACKER = 'AttackerPass9';
const CHOSEN = 'OwnerChose2026';

/** Review M1: a password typed by someone who never proved the email never opens the account. */
describe.each(BACKENDS)('registering an unverified email again on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    post(t, '/auth/login', { email, password }).then((r) => r.statusCode);
  const verify = (email: string) =>
    post(t, '/auth/otp/validate', { email, otp: latestCode(t, email), otp_for: 'registration' });

  it('attacker after the owner: the owner verifies, chooses a password; neither typed one logs in', async () => {
    const email = uniqueEmail('victim');
    expect(
      (await post(t, '/auth/register', registration(email, { password: VICTIM }))).statusCode,
    ).toBe(201);
    const again = await post(t, '/auth/register', registration(email, { password: ATTACKER }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_VERIFICATION_PENDING');

    const verified = await verify(email);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Email verified. Choose your password');
    const resetToken = verified.json().data.reset_token as string;
    expect(resetToken).toEqual(expect.any(String));
    expect(await login(email, ATTACKER)).toBe(401);
    expect(await login(email, VICTIM)).toBe(401);

    const reset = await post(t, '/auth/password/reset', {
      reset_token: resetToken,
      password: CHOSEN,
    });
    expect(reset.statusCode).toBe(200);
    expect(await login(email, CHOSEN)).toBe(200);
    expect(await login(email, ATTACKER)).toBe(401);
  });

  it('attacker first: the owner registers, asks for a code, verifies; the attacker never logs in', async () => {
    const email = uniqueEmail('owner');
    await post(
      t,
      '/auth/register',
      registration(email, { password: ATTACKER, first_name: 'Mallory' }),
    );
    expect(await login(email, ATTACKER)).toBe(403); // right password, email not verified
    const owner = await post(t, '/auth/register', registration(email, { password: VICTIM }));
    expect(owner.json().code).toBe('EMAIL_VERIFICATION_PENDING');
    t.clock.advance(11_000); // the sign-up code's resend cooldown
    expect((await post(t, '/auth/otp/resend', { email, otp_for: 'registration' })).statusCode).toBe(
      200,
    );

    const verified = await verify(email);
    const resetToken = verified.json().data.reset_token as string;
    expect(await login(email, ATTACKER)).toBe(401);
    await post(t, '/auth/password/reset', { reset_token: resetToken, password: CHOSEN });
    expect(await login(email, ATTACKER)).toBe(401);
    expect(await login(email, CHOSEN)).toBe(200);
  });

  it('the owner can also take the account back through "forgot password"', async () => {
    const email = uniqueEmail('forgot');
    await post(t, '/auth/register', registration(email, { password: ATTACKER }));
    await post(t, '/auth/register', registration(email, { password: VICTIM }));
    await post(t, '/auth/password/forgot', { email });
    const code = latestCode(t, email);
    const ok = await post(t, '/auth/otp/validate', { email, otp: code, otp_for: 'password_reset' });
    const reset_token = ok.json().data.reset_token as string;
    await post(t, '/auth/password/reset', { reset_token, password: CHOSEN });
    expect(await login(email, ATTACKER)).toBe(401);
    expect(await login(email, CHOSEN)).toBe(200);
  });

  it('keeps the password of an email registered once: its code answers no reset token', async () => {
    const email = uniqueEmail('once');
    await post(t, '/auth/register', registration(email, { password: VICTIM }));
    const verified = await verify(email);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully', data: {} });
    expect(await login(email, VICTIM)).toBe(200);
  });
});
