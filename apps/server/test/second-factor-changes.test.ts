import type { ApiKeyScope } from '@exchange/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { createKey, signed } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { authed, listTestTokens, member, sessionToken, type Member } from './support/members.js';
import { addPasskey } from './support/passkey-authenticator.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PAYOUT = '0x2222222222222222222222222222222222222222';
const STEP_MS = 30_000;
const DAY_MS = 86_400_000;

/**
 * Security review 3, N-H1: a session alone changes no second factor and makes no API key when
 * the account has a factor; after a change, withdrawals and withdraw-permission keys wait out the
 * cooling-off period (SECURITY_HOLD_HOURS). Walk D1: a wrong first code answers 400, not 500.
 */
describe.each(BACKENDS)('second-factor changes on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ usdt } = await listTestTokens(t));
  });
  afterAll(() => t.close());

  /** The app's code at the test clock's now, moved to a fresh time step first. */
  async function freshCode(secret: string) {
    t.clock.advance(STEP_MS);
    return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  }

  const setup = (user: Member, proof: object = {}) =>
    authed(t, 'POST', '/security/totp/setup', user.token, proof);

  async function enrol(user: Member, proof: object = {}) {
    const started = await setup(user, proof);
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().data.secret as string;
    const enabled = await authed(t, 'POST', '/security/totp/enable', user.token, {
      code: await freshCode(secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return secret;
  }

  /** A day later: the member logs in again (a session lasts 24 h). */
  async function dayLater(user: Member, ms = DAY_MS) {
    t.clock.advance(ms);
    user.token = await sessionToken(t, user.id);
  }

  const withdraw = (user: Member, proof: object) =>
    authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount: '10',
      token_id: usdt,
      ...proof,
    });

  it('asks a passkey account for its passkey before an authenticator app or an API key', async () => {
    const user = await member(t);
    const passkey = await addPasskey(t, user);

    const bare = await setup(user);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Confirm with your passkey to continue',
    });
    const key = { label: 'bot', scopes: ['read'], expires_in_days: 30 };
    const noProof = await authed(t, 'POST', '/api-keys', user.token, key);
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await authed(t, 'GET', '/api-keys', user.token)).json().data).toEqual([]);

    const made = await authed(t, 'POST', '/api-keys', user.token, {
      ...key,
      passkey_response: await passkey.stepUp(user),
    });
    expect(made.statusCode, made.body).toBe(200);
    await enrol(user, { passkey_response: await passkey.stepUp(user) });
    const status = await authed(t, 'GET', '/security', user.token);
    expect(status.json().data.totp_enabled).toBe(true);
  });

  it('voids a setup started before a passkey was added: that start was confirmed by nothing', async () => {
    const user = await member(t);
    const started = await setup(user);
    expect(started.statusCode, started.body).toBe(200);
    await addPasskey(t, user);
    const enabled = await authed(t, 'POST', '/security/totp/enable', user.token, {
      code: await freshCode(started.json().data.secret as string),
    });
    expect(enabled.statusCode).toBe(400);
    expect(enabled.json()).toMatchObject({ message: 'Start the authenticator setup again' });
    const status = await authed(t, 'GET', '/security', user.token);
    expect(status.json().data.totp_enabled).toBe(false);
  });

  it('answers a wrong first code 400 with the tries left (walk D1)', async () => {
    const user = await member(t);
    const secret = (await setup(user)).json().data.secret as string;
    const right = await freshCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await authed(t, 'POST', '/security/totp/enable', user.token, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      message: 'Invalid authenticator code. 4 tries left',
      data: { tries_left: 4 },
    });
    const enabled = await authed(t, 'POST', '/security/totp/enable', user.token, { code: right });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it('holds withdrawals and withdraw keys for 24 h after a factor is added, and says until when', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const addedAt = t.clock.now().getTime();
    const secret = await enrol(user);

    const profile = (await authed(t, 'GET', '/users', user.token)).json().data;
    const until = Date.parse(profile.withdrawals_held_until as string);
    expect(until - addedAt).toBeGreaterThanOrEqual(DAY_MS);
    expect(until - addedAt).toBeLessThan(DAY_MS + 60_000);

    const held = await withdraw(user, { two_factor_code: await freshCode(secret) });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({
      code: 'WITHDRAWALS_HELD',
      message: expect.stringMatching(/^Withdrawals are on hold after a security change .+ IST/),
      data: { held_until: profile.withdrawals_held_until },
    });
    const keyBody = {
      label: 'payouts',
      scopes: ['read', 'withdraw'] as ApiKeyScope[],
      expires_in_days: 30 as const,
    };
    const noKey = await authed(t, 'POST', '/api-keys', user.token, {
      ...keyBody,
      two_factor_code: await freshCode(secret),
    });
    expect(noKey.json().code).toBe('WITHDRAWALS_HELD');
    // Nothing moved: the whole 100 is still available.
    const wallets = await authed(t, 'GET', `/balances/${usdt}?wallet_type=funding`, user.token);
    expect(wallets.json().data.amount).toBe('100');

    await dayLater(user, until - t.clock.now().getTime() + 1000);
    expect((await authed(t, 'GET', '/users', user.token)).json().data).toMatchObject({
      withdrawals_held_until: null,
    });
    const key = await createKey(t, user, { ...keyBody, two_factor_code: await freshCode(secret) });
    const byKey = await signed(t, key, 'POST', '/api/v1/wallets/withdraw', {
      network: 'ethereum',
      address: PAYOUT,
      amount: '10',
      token_id: usdt,
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
  });

  it('holds withdrawals asked with an existing withdraw key after the recovery codes change', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const secret = await enrol(user);
    await dayLater(user);
    const key = await createKey(t, user, {
      scopes: ['withdraw'],
      two_factor_code: await freshCode(secret),
    });
    const renewed = await authed(t, 'POST', '/security/recovery-codes', user.token, {
      code: await freshCode(secret),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const byKey = await signed(t, key, 'POST', '/api/v1/wallets/withdraw', {
      network: 'ethereum',
      address: PAYOUT,
      amount: '10',
      token_id: usdt,
    });
    expect(byKey.json().code).toBe('WITHDRAWALS_HELD');
  });

  it('revokes withdraw keys when the app is turned off, and keeps the others', async () => {
    const user = await member(t);
    const secret = await enrol(user);
    await dayLater(user);
    const payouts = await createKey(t, user, {
      scopes: ['read', 'withdraw'],
      two_factor_code: await freshCode(secret),
    });
    const reader = await createKey(t, user, { two_factor_code: await freshCode(secret) });
    const off = await authed(t, 'POST', '/security/totp/disable', user.token, {
      code: await freshCode(secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    const keys = (await authed(t, 'GET', '/api-keys', user.token)).json().data as {
      id: string;
      status: string;
    }[];
    expect(keys.find((k) => k.id === payouts.id)?.status).toBe('revoked');
    expect(keys.find((k) => k.id === reader.id)?.status).toBe('active');
    const read = await signed(t, payouts, 'GET', '/api/v1/wallets/funding');
    expect(read.json()).toMatchObject({ status: 401, message: 'API key revoked' });
    expect((await signed(t, reader, 'GET', '/api/v1/wallets/funding')).statusCode).toBe(200);
  });
});

describe('SECURITY_HOLD_HOURS and SESSION_IDLE_MINUTES', () => {
  it('default to 24 h and 30 min, take positive numbers and refuse anything else', () => {
    expect(loadConfig({}).securityHoldMs).toBe(DAY_MS);
    expect(loadConfig({}).sessionIdleMs).toBe(30 * 60_000);
    expect(loadConfig({ SECURITY_HOLD_HOURS: '48' }).securityHoldMs).toBe(2 * DAY_MS);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMs).toBe(15 * 60_000);
    expect(() => loadConfig({ SECURITY_HOLD_HOURS: '0' })).toThrow(/SECURITY_HOLD_HOURS/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});
