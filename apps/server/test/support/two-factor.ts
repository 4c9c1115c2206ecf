import { generate } from 'otplib';
import { expect } from 'vitest';
import { authed } from './members.js';
import type { TestApp } from './test-app.js';

const STEP_MS = 30_000;

/** The app's code `steps` time steps from the test clock's now. */
export const totpCodeAt = (t: TestApp, secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor((t.clock.now().getTime() + steps * STEP_MS) / 1000) });

/**
 * Turns the authenticator app on for a session's user; answers its secret and recovery codes.
 * The clock ends in a later time step than enrolment used, so the next code is new.
 */
export async function enrolTotp(t: TestApp, token: string) {
  const setup = await authed(t, 'POST', '/security/totp/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const now = t.clock.now().getTime();
  t.clock.advance(Math.ceil(now / STEP_MS) * STEP_MS + 1000 - now);
  const enabled = await authed(t, 'POST', '/security/totp/enable', token, {
    code: await totpCodeAt(t, secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  t.clock.advance(STEP_MS);
  return { secret, codes: enabled.json().data.recovery_codes as string[] };
}
