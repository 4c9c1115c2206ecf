import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(BACKENDS)('one-time codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function signUp(): Promise<string> {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    return email;
  }
  const validate = (email: string, otp: string, otp_for = 'registration') =>
    post(t, '/auth/otp/validate', { email, otp, otp_for });
  const resend = (email: string, otp_for = 'registration') =>
    post(t, '/auth/otp/resend', { email, otp_for });

  it('verifies the email once; the same code then fails', async () => {
    const email = await signUp();
    const code = latestCode(t, email);
    const res = await validate(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      message: 'Email verified successfully',
      data: {},
    });
    expect((await validate(email, code)).json().code).toBe('OTP_INVALID');
  });

  it('does not accept a code for another email (D17)', async () => {
    const a = await signUp();
    const b = await signUp();
    const res = await validate(b, latestCode(t, a));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_INVALID');
    expect((await validate(uniqueEmail(), latestCode(t, a))).json().code).toBe('OTP_INVALID');
  });

  const INVALID = {
    success: false,
    status: 400,
    code: 'OTP_INVALID',
    message: 'Invalid or expired verification code. Check it or request a new one',
  };

  it('expires after 10 minutes', async () => {
    const email = await signUp();
    const code = latestCode(t, email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await validate(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const email = await signUp();
    const code = latestCode(t, email);
    for (let i = 0; i < 5; i++)
      expect((await validate(email, wrong(code))).json()).toEqual(INVALID);
    expect((await validate(email, code)).json()).toEqual(INVALID);
  });

  it('answers an expired or dead code exactly like an unknown email (review L1)', async () => {
    const unknown = await validate(uniqueEmail(), '123456');
    const expired = await signUp();
    const expiredCode = latestCode(t, expired);
    const locked = await signUp();
    const lockedCode = latestCode(t, locked);
    for (let i = 0; i < 5; i++) await validate(locked, wrong(lockedCode));
    t.clock.advance(10 * 60_000 + 1);
    for (const res of [await validate(expired, expiredCode), await validate(locked, lockedCode)]) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(unknown.json()).toEqual(INVALID);
  });

  it('caps parallel guesses at 5 tries', async () => {
    const email = await signUp();
    const code = latestCode(t, email);
    // 8: below the email's 10 tries a day (auth/limits.ts), so only the code's own cap acts.
    const guesses = Array.from({ length: 8 }, (_, i) => wrong(String(Number(code) + i)));
    await Promise.all(guesses.map((g) => validate(email, g)));
    const row = await t.database.db
      .selectFrom('one_time_codes')
      .innerJoin('users', 'users.id', 'one_time_codes.user_id')
      .select('attempts')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await validate(email, code)).json().code).toBe('OTP_INVALID');
  });

  it('accepts the right code after 4 wrong ones', async () => {
    const email = await signUp();
    const code = latestCode(t, email);
    for (let i = 0; i < 4; i++) await validate(email, wrong(code));
    expect((await validate(email, code)).statusCode).toBe(200);
  });

  it('resends no sooner than 10 s, and the new code replaces the old', async () => {
    const email = await signUp();
    const first = latestCode(t, email);
    const early = await resend(email);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'OTP_COOLDOWN', data: { retry_after_seconds: 10 } });
    t.clock.advance(10_000);
    const res = await resend(email);
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      message: 'Verification code sent',
      data: null,
    });
    const second = latestCode(t, email);
    if (second !== first) expect((await validate(email, first)).json().code).toBe('OTP_INVALID');
    expect((await validate(email, second)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour', async () => {
    const email = await signUp();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(11_000);
      expect((await resend(email)).statusCode).toBe(200);
    }
    t.clock.advance(11_000);
    const capped = await resend(email);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('OTP_LIMIT_REACHED');
    expect(t.outbox.list(email)).toHaveLength(5);
    t.clock.advance(60 * 60_000);
    expect((await resend(email)).statusCode).toBe(200);
  });

  it('answers resend alike for unknown and verified emails, sending nothing', async () => {
    const email = await signUp();
    await validate(email, latestCode(t, email));
    t.clock.advance(11_000);
    const unknown = uniqueEmail();
    const a = await resend(email);
    const b = await resend(unknown);
    expect(a.json()).toEqual(b.json());
    expect(t.outbox.list(unknown)).toHaveLength(0);
    expect(t.outbox.list(email)).toHaveLength(1);
  });

  it.each([
    [{ otp: '' }, 'otp', 'Verification code is required'],
    [{ otp: '12345' }, 'otp', 'OTP must be 6 digits'],
    [{ otp: '1234567' }, 'otp', 'OTP must be 6 digits'],
    [{ otp: 'abcdef' }, 'otp', 'OTP must be 6 digits'],
    [{ otp_for: 'other' }, 'otp_for', 'otp_for must be registration or password_reset'],
    [{ email: '' }, 'email', 'Email is required'],
  ])('validate %o answers %s: %s', async (change, field, message) => {
    const body = { email: uniqueEmail(), otp: '123456', otp_for: 'registration', ...change };
    const res = await post(t, '/auth/otp/validate', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().data.errors[field]).toBe(message);
  });

  it('validates resend input', async () => {
    const res = await post(t, '/auth/otp/resend', { email: 'nope', otp_for: 'registration' });
    expect(res.json()).toMatchObject({ status: 400, message: 'Invalid email' });
  });
});
