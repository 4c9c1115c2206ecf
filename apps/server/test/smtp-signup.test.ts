import { describe, expect, it } from 'vitest';
import { get, loginToken, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { codeIn } from './support/smtp-sink.js';
import { useSmtpApp } from './support/smtp-app.js';

describe.each(BACKENDS)('sign-up with the code read from a real mail on %s', (kind) => {
  const env = useSmtpApp(kind);

  it('registers, reads the code from SMTP, verifies, logs in and reads the profile', async () => {
    expect(env.t.app.ctx.outbox).toBeNull();
    const email = uniqueEmail('smtp');
    expect((await post(env.t, '/auth/register', registration(email))).statusCode).toBe(201);

    const mail = await env.smtp.mailTo(email);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const otp = codeIn(mail.raw);

    const verified = await post(env.t, '/auth/otp/validate', {
      email,
      otp,
      otp_for: 'registration',
    });
    expect(verified.json().message).toBe('Email verified successfully');

    const profile = await get(env.t, '/users', await loginToken(env.t, email));
    expect(profile.json().data).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      email,
      is_verified: true,
      verification_request_status: 'none',
    });
  });
});
