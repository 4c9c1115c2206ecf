import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, verifiedUser } from '../support/accounts.js';
import { BACKENDS } from '../support/databases.js';
import { authed } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { enrolTotp, totpCodeAt } from '../support/two-factor.js';

/** A stranger's address: no login of the account's has come from it. */
const STRANGER = '203.0.113.9';
const STEP_MS = 30_000;

/**
 * Review 3 N-L5, partly fixed in review 4: a parallel burst of one recovery code from elsewhere
 * (1×200, 4×invalid, 15×locked) paused the account's one count, and with it the owner's signed-in
 * step-ups (withdrawals, security changes, API keys) for 15 minutes, again and again. The owner's
 * known device was exempt for logins only.
 */
describe.each(BACKENDS)('N-L5 a burst of wrong codes from elsewhere on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const codes = (responses: { statusCode: number; json(): { code?: string } }[]) =>
    responses.map((r) => (r.statusCode === 200 ? 'ok' : (r.json().code as string)));
  const count = (all: string[], what: string) => all.filter((c) => c === what).length;

  it("counts a parallel burst exactly and leaves the owner's session its step-ups", async () => {
    const email = await verifiedUser(t);
    const login = await post(t, '/auth/login', { email, password: PASSWORD });
    const session = login.json().data.access_token as string;
    const { secret, codes: recovery } = await enrolTotp(t, session);

    // The stranger holds the password (twenty password steps, a challenge each) and sends twenty
    // wrong recovery codes at once.
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++)
      challenges.push(
        (await post(t, '/auth/login', { email, password: PASSWORD })).json().data.challenge_token,
      );
    const wrong = recovery[0] === 'aaaaa-aaaaa' ? 'bbbbb-bbbbb' : 'aaaaa-aaaaa';
    const burst = await Promise.all(
      challenges.map((challenge_token) =>
        t.request({
          method: 'POST',
          url: '/api/v1/auth/login/second-factor',
          payload: { challenge_token, code: wrong },
          remoteAddress: STRANGER,
        }),
      ),
    );
    const seen = codes(burst);
    // Exactly five wrong codes weighed: four told how many are left, the fifth and every later one
    // paused. No more than the limit gets through in parallel.
    expect(count(seen, 'SECOND_FACTOR_INVALID')).toBe(4);
    expect(count(seen, 'SECOND_FACTOR_LOCKED')).toBe(16);
    // Even the right code waits out the pause from there.
    const challenge2 = (await post(t, '/auth/login', { email, password: PASSWORD })).json().data
      .challenge_token as string;
    const paused = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login/second-factor',
      payload: { challenge_token: challenge2, code: await totpCodeAt(t, secret) },
      remoteAddress: STRANGER,
    });
    expect(paused.json().code).toBe('SECOND_FACTOR_LOCKED');

    // The owner, signed in, still steps up with the app's code.
    t.clock.advance(STEP_MS);
    const stepUp = await authed(t, 'POST', '/security/recovery-codes', session, {
      code: await totpCodeAt(t, secret),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
  });

  it("counts a signed-in burst of wrong codes exactly, in the session's own count", async () => {
    const email = await verifiedUser(t);
    const login = await post(t, '/auth/login', { email, password: PASSWORD });
    const session = login.json().data.access_token as string;
    const { secret } = await enrolTotp(t, session);
    const right = await totpCodeAt(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        authed(t, 'POST', '/security/recovery-codes', session, { code: wrong }),
      ),
    );
    const seen = codes(burst);
    expect(count(seen, 'SECOND_FACTOR_INVALID')).toBe(4);
    expect(count(seen, 'SECOND_FACTOR_LOCKED')).toBe(16);
  });
});
