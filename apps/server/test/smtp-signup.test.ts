import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginToken, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { codeIn, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe.each(BACKENDS)('sign-up with the code read from a real mail on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers, reads the code from SMTP, verifies, logs in and reads the profile', async () => {
    expect(t.app.ctx.outbox).toBeNull();
    const email = uniqueEmail('smtp');
    expect((await post(t, '/auth/register', registration(email))).statusCode).toBe(201);

    const mail = await smtp.mailTo(email);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const otp = codeIn(mail.raw);

    const verified = await post(t, '/auth/otp/validate', { email, otp, otp_for: 'registration' });
    expect(verified.json().message).toBe('Email verified successfully');

    const profile = await get(t, '/users', await loginToken(t, email));
    expect(profile.json().data).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      email,
      is_verified: true,
      verification_request_status: 'none',
    });
  });
});
