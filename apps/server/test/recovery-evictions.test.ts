import { ACCOUNT_LOCKED_MESSAGE } from '@exchange/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderEntryClient } from '../src/demo/order-entry-client.js';
import { latestCode, loginToken, post, verifiedUser } from './support/accounts.js';
import { createKey, signed, type TestKey } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, sessionToken, type Member } from './support/members.js';
import { addPasskey, type SoftPasskey } from './support/passkey-authenticator.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEW_PASSWORD = 'Brand9NewPassword';
const DAY_MS = 86_400_000;

/**
 * Security review 3, N-M2: a password reset and an admin's lock evict whoever else was in: every
 * API key is revoked and its order-entry sockets close; a locked account's key signs nothing; a
 * reset suspends the passkeys added in the 7 days before it (listed in its mail) until the owner
 * confirms them; a reset and an unlock start the cooling-off period.
 */
describe.each(BACKENDS)('recovery and locks evict on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const clients: OrderEntryClient[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => t.close());

  const connect = async (key: TestKey) => {
    const client = await OrderEntryClient.connect(url, key, { now: () => t.clock.now().getTime() });
    clients.push(client);
    return client;
  };

  /** A user who signs up and logs in with a password, as a Member. */
  async function passwordUser(): Promise<Member> {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { id, email, token };
  }

  async function resetPassword(email: string) {
    t.clock.advance(11_000);
    await post(t, '/auth/password/forgot', { email });
    const code = await post(t, '/auth/otp/validate', {
      email,
      otp: latestCode(t, email),
      otp_for: 'password_reset',
    });
    const reset = await post(t, '/auth/password/reset', {
      reset_token: code.json().data.reset_token as string,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  async function passkeyLogin(passkey: SoftPasskey) {
    const options = await post(t, '/auth/passkey/options', {});
    return post(t, '/auth/passkey/login', { response: passkey.assert(options.json().data) });
  }

  it('revokes every key on a password reset and closes its order-entry socket', async () => {
    const user = await passwordUser();
    const trader = await createKey(t, user);
    const socket = await connect(trader);
    expect((await signed(t, trader, 'GET', '/api/v1/orders/spot')).statusCode).toBe(200);

    await resetPassword(user.email);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'API key revoked' });
    const read = await signed(t, trader, 'GET', '/api/v1/orders/spot');
    expect(read.json()).toMatchObject({ status: 401, message: 'API key revoked' });
    await expect(connect(trader)).rejects.toThrow();

    await t.app.ctx.mailIdle();
    const notice = t.outbox.list(user.email).find((m) => m.subject === 'Your password was changed');
    expect(notice?.text).toContain('Your API key was revoked');
    expect(notice?.text).toMatch(/Withdrawals are on hold until .+ IST/);
    const token = await loginToken(t, user.email, NEW_PASSWORD);
    const profile = (await authed(t, 'GET', '/users', token)).json().data;
    expect(Date.parse(profile.withdrawals_held_until as string)).toBeGreaterThan(
      t.clock.now().getTime() + DAY_MS - 60_000,
    );
  });

  it('suspends passkeys added in the 7 days before a reset, lists them in its mail, until confirmed', async () => {
    const user = await passwordUser();
    const old = await addPasskey(t, user, {}, 'Old laptop');
    t.clock.advance(8 * DAY_MS);
    user.token = await sessionToken(t, user.id);
    const recent = await addPasskey(
      t,
      user,
      { passkey_response: await old.stepUp(user) },
      'Unknown phone',
    );
    expect((await passkeyLogin(recent)).statusCode).toBe(200);

    await resetPassword(user.email);
    const refused = await passkeyLogin(recent);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PASSKEY_INVALID',
      message: expect.stringContaining('suspended when your password was reset'),
    });
    const owner = await passkeyLogin(old);
    expect(owner.statusCode).toBe(200);
    await t.app.ctx.mailIdle();
    const notice = t.outbox.list(user.email).find((m) => m.subject === 'Your password was changed');
    expect(notice?.text).toContain('These passkeys were added in the 7 days before the reset');
    expect(notice?.text).toContain('- Unknown phone, added');
    expect(notice?.text).not.toContain('Old laptop');

    // The owner, back in with the passkey they had before, keeps the new one.
    user.token = owner.json().data.access_token as string;
    const listed = (await authed(t, 'GET', '/security', user.token)).json().data.passkeys as {
      id: string;
      name: string;
      suspended: boolean;
    }[];
    expect(listed.map((p) => [p.name, p.suspended])).toEqual([
      ['Old laptop', false],
      ['Unknown phone', true],
    ]);
    const suspendedId = listed[1]?.id as string;
    const bare = await authed(t, 'POST', `/security/passkeys/${suspendedId}/confirm`, user.token);
    expect(bare.json().code).toBe('SECOND_FACTOR_REQUIRED');
    const confirmed = await authed(
      t,
      'POST',
      `/security/passkeys/${suspendedId}/confirm`,
      user.token,
      { passkey_response: await old.stepUp(user) },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ name: 'Unknown phone', suspended: false });
    expect((await passkeyLogin(recent)).statusCode).toBe(200);
  });

  it("revokes a locked account's keys, closes their sockets, and an unlock starts the hold", async () => {
    const admin = await member(t, { role: 'admin' });
    const user = await member(t);
    const trader = await createKey(t, user);
    const socket = await connect(trader);

    const lock = await authed(t, 'POST', `/admin/users/${user.id}/lock`, admin.token, {
      reason: 'Card fraud report',
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'API key revoked' });
    const read = await signed(t, trader, 'GET', '/api/v1/wallets/funding');
    expect(read.json()).toMatchObject({ status: 403, message: ACCOUNT_LOCKED_MESSAGE });

    const unlock = await authed(t, 'POST', `/admin/users/${user.id}/unlock`, admin.token, {
      reason: 'Cleared',
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const token = await sessionToken(t, user.id);
    const profile = (await authed(t, 'GET', '/users', token)).json().data;
    expect(profile.withdrawals_held_until).not.toBeNull();
    // The key stays revoked: the owner makes a new one if they want it.
    const after = await signed(t, trader, 'GET', '/api/v1/wallets/funding');
    expect(after.json()).toMatchObject({ status: 401, message: 'API key revoked' });
  });

  it("refuses a locked account's key at lookup, even one the lock did not revoke", async () => {
    const user = await member(t);
    const reader = await createKey(t, user, { scopes: ['read'] });
    await t.database.db
      .updateTable('users')
      .set({ locked_at: t.clock.now() })
      .where('id', '=', user.id)
      .execute();
    const read = await signed(t, reader, 'GET', '/api/v1/wallets/funding');
    expect(read.json()).toMatchObject({
      status: 403,
      message: ACCOUNT_LOCKED_MESSAGE,
    });
  });
});
