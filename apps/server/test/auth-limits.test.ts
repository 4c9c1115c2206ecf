import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import {
  latestCode,
  PASSWORD,
  post,
  registration as registrationOf,
  uniqueEmail,
  verifiedUser,
} from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const WRONG = 'Wr0ngPassword';
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('TRUST_PROXY (review H1)', () => {
  it.each(['1', 'true', '2', '*', 'yes', '10.0.0.0/33', 'proxy.local'])(
    'refuses %s at start-up, naming what it wants',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must list the reverse proxies to trust, as addresses or CIDRs/,
      );
    },
  );

  it('takes addresses, CIDRs and named ranges; unset, 0 or false trust nobody', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const off of [undefined, '', '0', 'false'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });
});

describe.each(BACKENDS)('client addresses behind a named proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject() comes from 127.0.0.1: the proxy here.
    t = await createTestApp(kind, { env: { TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_MAX: '2' } });
  });
  afterAll(() => t.close());

  const forgot = (forwardedFor: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: uniqueEmail() },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits each client the proxy names, and a client cannot choose its own bucket', async () => {
    // The proxy appends the address it saw; whatever the client wrote before it is not believed.
    const spoofed = ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((fake) => `${fake}, 203.0.113.7`);
    const statuses = [];
    for (const header of spoofed) statuses.push((await forgot(header)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await forgot('203.0.113.8')).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('per-account limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RESET_CODE_GUESSES_PER_HOUR: '4' } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => post(t, '/auth/login', { email, password });
  const validate = (email: string, otp: string, otp_for: string) =>
    post(t, '/auth/otp/validate', { email, otp, otp_for });

  // The waits are measured on the test clock, which each step moves further than real time can.
  it('backs off after 5 failed logins, longer each time, and the right password ends it', async () => {
    const email = await verifiedUser(t);
    for (let i = 0; i < 5; i++) expect((await login(email, WRONG)).statusCode).toBe(401);
    const refused = await login(email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().data.retry_after_seconds).toBeLessThanOrEqual(10);
    t.clock.advance(10_000);
    expect((await login(email, WRONG)).statusCode).toBe(401);
    t.clock.advance(10_000);
    const longer = await login(email, PASSWORD); // the 7th try waits 20 s
    expect(longer.statusCode).toBe(429);
    expect(longer.json().data.retry_after_seconds).toBeGreaterThan(0);
    t.clock.advance(10_000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, WRONG)).statusCode).toBe(401);
  });

  it('keeps a stranger from locking the owner out: per address, and a known device apart (review N-L1)', async () => {
    const email = await verifiedUser(t);
    const from = (remoteAddress: string, password: string, cookie?: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    // The owner's browser has signed in before: a known device.
    const first = await from('198.51.100.1', PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'device_id');
    const cookie = `device_id=${device?.value}`;

    const stranger = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect((await from(stranger, WRONG)).statusCode).toBe(401);
    expect((await from(stranger, WRONG)).statusCode).toBe(429);
    expect((await from(stranger, PASSWORD)).statusCode).toBe(429);
    // From another address, and from the stranger's own (a shared network) with the known device.
    expect((await from('198.51.100.2', PASSWORD)).statusCode).toBe(200);
    expect((await from(stranger, PASSWORD, cookie)).statusCode).toBe(200);
  });

  it('backs off alike for an email with no account', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) expect((await login(email, WRONG)).statusCode).toBe(401);
    expect((await login(email, WRONG)).json().code).toBe('RATE_LIMITED');
  });

  it('allows 10 code tries a day per email, however many codes are sent', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registrationOf(email));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const code = latestCode(t, email);
      for (let i = 0; i < 4; i++)
        statuses.push((await validate(email, wrongCode(code), 'registration')).statusCode);
      t.clock.advance(11_000);
      await post(t, '/auth/otp/resend', { email, otp_for: 'registration' });
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
    expect((await validate(email, latestCode(t, email), 'registration')).statusCode).toBe(429);
    t.clock.advance(24 * 60 * 60_000);
    expect((await validate(email, latestCode(t, email), 'registration')).statusCode).toBe(400);
  });

  it('spends one hourly budget of reset-code guesses across all accounts (review M2)', async () => {
    t.clock.advance(2 * 60 * 60_000); // a fresh hour
    const emails = await Promise.all([1, 2, 3, 4, 5].map(() => verifiedUser(t)));
    const statuses: number[] = [];
    for (const email of emails) {
      await post(t, '/auth/password/forgot', { email });
      const code = latestCode(t, email);
      statuses.push((await validate(email, wrongCode(code), 'password_reset')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const last = emails[4] as string;
    t.clock.advance(60 * 60_000);
    await post(t, '/auth/password/forgot', { email: last });
    expect((await validate(last, latestCode(t, last), 'password_reset')).statusCode).toBe(200);
  });

  it('hashes a password only once the cheap checks pass (review M8)', async () => {
    const hash = vi.spyOn(t.app.ctx.passwords, 'hash');
    const pending = uniqueEmail();
    await post(t, '/auth/register', registrationOf(pending));
    expect(hash).toHaveBeenCalledTimes(1);
    await post(t, '/auth/register', registrationOf(pending));
    await post(t, '/auth/register', registrationOf(await verifiedUser(t)));
    const dead = await post(t, '/auth/password/reset', {
      reset_token: 'x'.repeat(43),
      password: PASSWORD,
    });
    expect(dead.json().code).toBe('RESET_TOKEN_INVALID');
    const invalid = await post(t, '/auth/register', {
      ...registrationOf(uniqueEmail()),
      phone: '1',
    });
    expect(invalid.statusCode).toBe(400);
    expect(hash).toHaveBeenCalledTimes(2); // the first sign-up and verifiedUser's
    hash.mockRestore();
  });
});

describe.each(BACKENDS)('bounded password hashing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' },
    });
  });
  afterAll(() => t.close());

  it('answers 503 UNAVAILABLE beyond the hashes running and waiting, and the rest complete', async () => {
    const emails = [1, 2, 3, 4].map(() => uniqueEmail());
    const answers = await Promise.all(
      emails.map((email) => post(t, '/auth/login', { email, password: WRONG })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([401, 401, 503, 503]);
    expect(answers.find((a) => a.statusCode === 503)?.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Please try again',
    });
    expect((await post(t, '/auth/login', { email: emails[0], password: WRONG })).statusCode).toBe(
      401,
    );
  });
});
