import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { fund } from '../support/market.js';
import { authed, listTestTokens, member, sessionToken } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { enrolTotp, totpCodeAt } from '../support/two-factor.js';

const DAY_MS = 86_400_000;
const STEP_MS = 30_000;
const NEVER_SEEN = '0x4444444444444444444444444444444444444444';

/**
 * Review 4, N4-M2: turning the withdrawal whitelist off, with one code, started no cooling-off:
 * whoever held one code could drop the whitelist and withdraw at once to an address never seen.
 */
describe.each(BACKENDS)('N4-M2 whitelist off starts the cooling-off on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ usdt } = await listTestTokens(t));
  });
  afterAll(() => t.close());

  it('holds a withdrawal to a new address right after the whitelist is turned off, and mails the owner', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '1000', 'funding');
    const { secret } = await enrolTotp(t, user.token);
    // The cooling-off of the enrolment ends.
    t.clock.advance(DAY_MS + 60_000);
    user.token = await sessionToken(t, user.id);
    const code = async () => {
      t.clock.advance(STEP_MS);
      return totpCodeAt(t, secret);
    };
    const whitelist = async (enabled: boolean) =>
      authed(t, 'PUT', '/withdraw-addresses/whitelist', user.token, {
        enabled,
        two_factor_code: await code(),
      });
    const on = await whitelist(true);
    expect(on.statusCode, on.body).toBe(200);
    expect((await authed(t, 'GET', '/users', user.token)).json().data.withdrawals_held_until).toBe(
      null,
    );

    const offAt = t.clock.now().getTime();
    const off = await whitelist(false);
    expect(off.statusCode, off.body).toBe(200);
    const profile = (await authed(t, 'GET', '/users', user.token)).json().data;
    const until = Date.parse(profile.withdrawals_held_until as string);
    expect(until - offAt).toBeGreaterThanOrEqual(DAY_MS);

    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      amount: '20',
      address: NEVER_SEEN,
      token_id: usdt,
      network: 'ethereum',
      two_factor_code: await code(),
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(403);
    expect(withdrawal.json().code).toBe('WITHDRAWALS_HELD');

    const mail = t.outbox.list(user.email).find((m) => m.subject === 'Withdrawal whitelist off');
    expect(mail?.text).toMatch(/Withdrawals are on hold until .+ IST/);
  });

  it('starts no cooling-off when the whitelist is turned on, or off while already off', async () => {
    const user = await member(t);
    const off = await authed(t, 'PUT', '/withdraw-addresses/whitelist', user.token, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await authed(t, 'GET', '/users', user.token)).json().data.withdrawals_held_until).toBe(
      null,
    );
  });
});
