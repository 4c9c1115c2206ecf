import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAuthRecords } from '../src/modules/auth/purge.js';
import { loginToken, post, uniqueEmail, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Review L11: rows made from user-supplied keys do not pile up forever; login records (sessions)
 * are kept, as PMLA requires, while the account lives and 5 years after it closes.
 */
describe.each(BACKENDS)('purging old sign-in records on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const count = async (table: 'otp_requests' | 'one_time_codes' | 'sessions') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('drops code requests after a day and keeps every session, however long expired', async () => {
    // Code requests for emails with no account, and a user's codes and session.
    for (let i = 0; i < 3; i++)
      await post(t, '/auth/otp/resend', { email: uniqueEmail(), otp_for: 'registration' });
    const email = await verifiedUser(t);
    await loginToken(t, email);
    expect(await count('otp_requests')).toBeGreaterThanOrEqual(4);
    expect(await count('one_time_codes')).toBeGreaterThanOrEqual(1);
    expect(await count('sessions')).toBe(1);

    t.clock.advance(DAY_MS + 1);
    const fresh = uniqueEmail();
    await post(t, '/auth/otp/resend', { email: fresh, otp_for: 'registration' });
    await purgeAuthRecords(t.app.ctx);
    const left = await t.database.db.selectFrom('otp_requests').select('email').execute();
    expect(left.map((r) => r.email)).toEqual([fresh]);
    expect(await count('one_time_codes')).toBe(0);
    // The session expired today: kept for the record.
    expect(await count('sessions')).toBe(1);

    // A login record outlives any retention of sign-in codes: six years on, it is still there.
    t.clock.advance(6 * 366 * DAY_MS);
    await purgeAuthRecords(t.app.ctx);
    expect(await count('sessions')).toBe(1);
  });
});
