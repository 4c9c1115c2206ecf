import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, post, registration, uniqueEmail, verifiedUser } from './support/accounts.js';
import { loadConfig } from '../src/config/env.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe.each(BACKENDS)('POST /auth/register on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // At OWASP's cost, as outside the test suite (test-app.ts lowers it for speed).
    t = await createTestApp(kind, { env: { PASSWORD_HASH_COST: '17' } });
  });
  afterAll(() => t.close());

  it('creates the account and mails a 6-digit code in text and HTML', async () => {
    const email = uniqueEmail();
    const res = await post(t, '/auth/register', registration(email.toUpperCase()));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      status: 201,
      message: 'Registration successful. Enter the code sent to your email',
      data: null,
    });
    const [mail] = t.outbox.list(email);
    expect(mail?.text).toMatch(/code is \d{6}/);
    expect(mail?.html).toContain(latestCode(t, email));
  });

  it('never stores the code or the password in clear', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    // Only the test suite may hash below OWASP's cost.
    expect(() => loadConfig({ PASSWORD_HASH_COST: '12' })).toThrow(
      'PASSWORD_HASH_COST below 17 is for the test suite only',
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9', NODE_ENV: 'test' })).toThrow(
      'PASSWORD_HASH_COST must be a whole number from 10 to 20',
    );
    expect(user.email_verified_at).toBeNull();
    const code = await t.database.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(code.code_hash).not.toContain(latestCode(t, email));
    expect(code.expires_at.getTime() - code.created_at.getTime()).toBe(10 * 60_000);
  });

  it('answers an unverified email with data.status email_verification_pending and sends nothing', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    const before = t.outbox.list(email).length;
    const res = await post(t, '/auth/register', registration(email, { first_name: 'Second' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      status: 409,
      code: 'EMAIL_VERIFICATION_PENDING',
      data: { status: 'email_verification_pending' },
    });
    expect(t.outbox.list(email)).toHaveLength(before);
  });

  it('answers a verified email exactly like a new one, and mails the owner a notice', async () => {
    const email = await verifiedUser(t);
    t.clock.advance(11_000); // past the sign-up code's resend cooldown
    const fresh = await post(t, '/auth/register', registration(uniqueEmail()));
    const taken = await post(t, '/auth/register', registration(email));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(t.outbox.list(email)[0]?.subject).toBe('You already have an account');
  });

  it('rejects bad input with the first message and per-field errors, creating nothing', async () => {
    const email = uniqueEmail();
    const res = await post(t, '/auth/register', {
      first_name: '',
      email,
      phone: '12345',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'First name is required',
      data: {
        errors: {
          first_name: 'First name is required',
          last_name: 'Last name is required',
          phone: 'Phone number must be exactly 10 digits',
          password: 'Minimum 10 characters',
        },
      },
    });
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(0);
    expect(t.outbox.list(email)).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '98765432101' }, 'phone', 'Phone number must be exactly 10 digits'],
    [{ last_name: '  ' }, 'last_name', 'Last name is required'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Abcdefgh1' }, 'password', 'Minimum 10 characters'],
    [{ password: `Ab1${'x'.repeat(30)}` }, 'password', 'Maximum 32 characters'],
    [{ password: 'abcdefghij1' }, 'password', 'Must contain uppercase, lowercase and a number'],
    [{ password: 'Abcdefghij' }, 'password', 'Must contain uppercase, lowercase and a number'],
    [{ password: 'Abcde fghij1' }, 'password', 'No spaces allowed'],
  ])('%o answers %s: %s', async (change, field, message) => {
    const res = await post(t, '/auth/register', registration(uniqueEmail(), change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().data.errors[field]).toBe(message);
  });

  it('accepts a 32-character password (decision D1)', async () => {
    const res = await post(
      t,
      '/auth/register',
      registration(uniqueEmail(), { password: `Ab1${'x'.repeat(29)}` }),
    );
    expect(res.statusCode).toBe(201);
  });
});
