import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { authed, listTestTokens, member, sessionToken, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { verifySecondFactor } from '../src/modules/two-factor/service.js';

const PAYOUT = '0x2222222222222222222222222222222222222222';
const STEP_MS = 30_000;

describe.each(BACKENDS)('authenticator codes (TOTP) on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ usdt } = await listTestTokens(t));
  });
  afterAll(() => t.close());

  /** Puts the test clock 1 s into a time step, so a test's codes stay in the steps it means. */
  function alignClock() {
    const now = t.clock.now().getTime();
    t.clock.advance(Math.ceil(now / STEP_MS) * STEP_MS + 1000 - now);
  }

  /** The app's code `steps` time steps from the test clock's now. */
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor((t.clock.now().getTime() + steps * STEP_MS) / 1000) });

  /** Sets the authenticator app up for a session; answers its secret and recovery codes. */
  async function enrol(token: string) {
    const setup = await authed(t, 'POST', '/security/totp/setup', token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_uri } = setup.json().data as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Exchange:.+secret=/);
    alignClock();
    const enabled = await authed(t, 'POST', '/security/totp/enable', token, {
      code: await codeAt(secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    // The next code must belong to a later step than the one enrolment used.
    t.clock.advance(STEP_MS);
    return { secret, codes };
  }

  async function passwordStep(email: string) {
    const res = await post(t, '/auth/login', { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      challenge_token?: string;
      methods?: string[];
      access_token?: string;
    };
  }

  /** A stranger's address: no login of the account's has come from it. */
  const STRANGER = '203.0.113.7';

  /** The login's second step, from this machine (where the owner signed in) or `from`. */
  const secondStep = (challenge_token: string, code: string, from?: string) =>
    from
      ? t.request({
          method: 'POST',
          url: '/api/v1/auth/login/second-factor',
          payload: { challenge_token, code },
          remoteAddress: from,
        })
      : post(t, '/auth/login/second-factor', { challenge_token, code });

  it('enrols with a typed code, then asks every login for a code and accepts each code once', async () => {
    const email = await verifiedUser(t);
    const first = await passwordStep(email);
    expect(first.access_token).toBeDefined();
    const { secret, codes } = await enrol(first.access_token!);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const status = await authed(t, 'GET', '/security', first.access_token!);
    expect(status.json().data).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    const row = await t.database.db
      .selectFrom('two_factor')
      .select('totp_secret')
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    const challenge = await passwordStep(email);
    expect(challenge).toMatchObject({
      second_factor_required: true,
      methods: ['totp', 'recovery_code'],
      expires_in: 300,
    });
    expect(challenge.access_token).toBeUndefined();
    const code = await codeAt(secret);
    const ok = await secondStep(challenge.challenge_token!, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.access_token).toBeTruthy();

    // The challenge is spent, and the code is not accepted again on a new one.
    expect((await secondStep(challenge.challenge_token!, code)).json()).toMatchObject({
      code: 'CHALLENGE_INVALID',
    });
    const again = await passwordStep(email);
    const replay = await secondStep(again.challenge_token!, code);
    expect(replay.json()).toMatchObject({
      status: 400,
      code: 'SECOND_FACTOR_INVALID',
      message: expect.stringMatching(
        /^This code was already used\. Wait for the next one: it comes in \d+ s$/,
      ),
      data: { retry_after_seconds: expect.any(Number) },
    });
    const wait = replay.json().data.retry_after_seconds as number;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('accepts a code one time step off either way and refuses two steps off', async () => {
    const user = await member(t);
    const { secret } = await enrol(user.token);
    alignClock();
    const check = async (steps: number) =>
      verifySecondFactor(t.app.ctx, user.id, await codeAt(secret, steps)).then(
        () => 'accepted',
        (err: { code: string }) => err.code,
      );
    expect(await check(-2)).toBe('SECOND_FACTOR_INVALID');
    expect(await check(-1)).toBe('accepted');
    expect(await check(2)).toBe('SECOND_FACTOR_INVALID');
    expect(await check(1)).toBe('accepted');
  });

  it('pauses the second factor after five wrong codes from a stranger, with when to retry, and keeps the count', async () => {
    const email = await verifiedUser(t);
    const { secret } = await enrol((await passwordStep(email)).access_token!);
    const { challenge_token } = await passwordStep(email);
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await secondStep(challenge_token!, wrong, STRANGER);
      expect(res.json()).toMatchObject({
        code: 'SECOND_FACTOR_INVALID',
        message: `Invalid authenticator code. ${i === 4 ? '1 try left' : `${5 - i} tries left`}`,
      });
    }
    const row = await t.database.db
      .selectFrom('two_factor')
      .innerJoin('users', 'users.id', 'two_factor.user_id')
      .select(['failures', 'login_failures'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    // Counted as logins from elsewhere: a signed-in step-up's count is not touched (N-L5).
    expect(row).toEqual({ failures: 0, login_failures: 4 });

    const fifth = await secondStep(challenge_token!, wrong, STRANGER);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'SECOND_FACTOR_LOCKED',
      message: 'Too many wrong codes. Try again in 15 minutes',
      data: { retry_after_seconds: 900 },
    });
    // Even the right code waits out the pause.
    const locked = await secondStep(challenge_token!, right, STRANGER);
    expect(locked.json()).toMatchObject({ code: 'SECOND_FACTOR_LOCKED' });
    // The owner hears of the pause once: whoever guesses has the password.
    await t.app.ctx.mailIdle();
    const paused = t.outbox.list(email).filter((m) => m.subject === 'Wrong second-factor codes');
    expect(paused).toHaveLength(1);
    expect(paused[0]?.text).toContain('Five wrong codes in a row were entered');
    expect(paused[0]?.text).toMatch(/Codes are refused until .+ IST \(.+ UTC\)/);
    expect(paused[0]?.text).toContain('reset your password');

    t.clock.advance(15 * 60_000);
    const { challenge_token: fresh } = await passwordStep(email);
    const ok = await secondStep(fresh!, await codeAt(secret), STRANGER);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets the owner in from where they signed in before while a stranger has paused the account (N-L5)', async () => {
    const email = await verifiedUser(t);
    const { secret } = await enrol((await passwordStep(email)).access_token!);
    const { challenge_token } = await passwordStep(email);
    const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
    // Twenty guesses at once from the stranger's address: five are weighed, the pause answers the rest.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => secondStep(challenge_token!, wrong, STRANGER)),
    );
    const codes = guesses.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'SECOND_FACTOR_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'SECOND_FACTOR_LOCKED')).toHaveLength(16);
    // The owner, from the address of their earlier login, still signs in with the right code.
    const owner = await secondStep(challenge_token!, await codeAt(secret));
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data.access_token).toEqual(expect.any(String));

    // The owner's own wrong codes count in their own bucket, told alike: five, then the pause.
    const { challenge_token: next } = await passwordStep(email);
    for (let i = 1; i <= 4; i++) {
      const res = await secondStep(next!, wrong);
      expect(res.json()).toMatchObject({
        code: 'SECOND_FACTOR_INVALID',
        message: `Invalid authenticator code. ${i === 4 ? '1 try left' : `${5 - i} tries left`}`,
      });
    }
    const fifth = await secondStep(next!, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'SECOND_FACTOR_LOCKED',
      message: 'Too many wrong codes. Try again in 15 minutes',
    });
    const right = await secondStep(next!, await codeAt(secret, 1));
    expect(right.json()).toMatchObject({ code: 'SECOND_FACTOR_LOCKED' });
    t.clock.advance(15 * 60_000);
    alignClock();
    const { challenge_token: later } = await passwordStep(email);
    const back = await secondStep(later!, await codeAt(secret));
    expect(back.statusCode, back.body).toBe(200);
  });

  it('takes each recovery code once, and turns off with a code', async () => {
    const email = await verifiedUser(t);
    const session = (await passwordStep(email)).access_token!;
    const { secret, codes } = await enrol(session);
    const recovery = codes[3]!;

    const first = await passwordStep(email);
    const ok = await secondStep(first.challenge_token!, recovery.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    const status = await authed(t, 'GET', '/security', session);
    expect(status.json().data.recovery_codes_left).toBe(9);

    const second = await passwordStep(email);
    expect((await secondStep(second.challenge_token!, recovery)).json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
    });

    const refused = await authed(t, 'POST', '/security/totp/disable', session, { code: '12345' });
    expect(refused.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Enter the 6-digit code from your app or a recovery code',
    });
    const off = await authed(t, 'POST', '/security/totp/disable', session, {
      code: await codeAt(secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    // The owner hears of both changes (security notices).
    await t.app.ctx.mailIdle();
    const notices = t.outbox.list(email).map((m) => [m.subject, m.text]);
    expect(notices).toContainEqual([
      'Second factor added',
      expect.stringContaining('authenticator app'),
    ]);
    expect(notices).toContainEqual([
      'Second factor removed',
      expect.stringContaining('authenticator app'),
    ]);
    expect((await passwordStep(email)).access_token).toBeTruthy();
    expect(
      await t.database.db
        .selectFrom('recovery_codes')
        .selectAll()
        .where('used_at', 'is', null)
        .where(
          'user_id',
          '=',
          (
            await t.database.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', email)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute(),
    ).toEqual([]);
  });

  it('refuses a withdrawal without the code, and takes one with it', async () => {
    const user: Member = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const { secret } = await enrol(user.token);
    // Past the cooling-off period a new factor starts (second-factor-changes.test.ts).
    t.clock.advance(24 * 60 * 60_000);
    user.token = await sessionToken(t, user.id);
    const body = { network: 'ethereum', address: PAYOUT, amount: '10', token_id: usdt };
    const without = await authed(t, 'POST', '/wallets/withdraw', user.token, body);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app to continue',
    });
    const withCode = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      ...body,
      two_factor_code: await codeAt(secret),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().data).toMatchObject({ status: 'pending' });
  });

  it('asks an account with passkeys and no app for a passkey, and refuses a forged answer', async () => {
    const user: Member = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    await t.database.db
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: 'cred-1',
        public_key: 'AQID',
        counter: 0,
        name: 'Laptop',
        created_at: t.clock.now(),
      })
      .execute();
    const profile = await authed(t, 'GET', '/users', user.token);
    expect(profile.json().data).toMatchObject({ two_factor_enabled: false, has_passkeys: true });
    const body = { network: 'ethereum', address: PAYOUT, amount: '10', token_id: usdt };
    const without = await authed(t, 'POST', '/wallets/withdraw', user.token, body);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Confirm with your passkey to continue',
    });
    const options = await authed(t, 'POST', '/security/passkeys/step-up-options', user.token);
    expect(options.json().data).toMatchObject({
      userVerification: 'required',
      allowCredentials: [{ id: 'cred-1' }],
    });
    const forged = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      ...body,
      passkey_response: {
        id: 'cred-1',
        rawId: 'cred-1',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
  });
});

describe.each(BACKENDS)('admins need a second factor on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_SECOND_FACTOR: '1' } });
  });
  afterAll(() => t.close());

  it('answers every admin call 403 until the admin enrols, and lets them enrol', async () => {
    const admin = await member(t, { role: 'admin' });
    const before = await authed(t, 'GET', '/admin/kyc?status=pending', admin.token);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'SECOND_FACTOR_ENROLMENT_REQUIRED' });

    const setup = await authed(t, 'POST', '/security/totp/setup', admin.token);
    const secret = setup.json().data.secret as string;
    const enabled = await authed(t, 'POST', '/security/totp/enable', admin.token, {
      code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const after = await authed(t, 'GET', '/admin/kyc?status=pending', admin.token);
    expect(after.statusCode, after.body).toBe(200);
  });
});
