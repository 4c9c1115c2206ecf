import { describe, expect, it } from 'vitest';
import { isPublic } from './api-client';

describe('which calls go without the Bearer token (decision D2)', () => {
  it('leaves it off the public /auth calls', () => {
    for (const url of [
      '/auth/register',
      '/auth/login',
      '/auth/login/second-factor',
      '/auth/otp/validate',
      '/auth/password/reset',
      '/auth/passkey/login',
    ])
      expect(isPublic(url), url).toBe(true);
  });

  it('sends it to the /auth calls made with a session, and everywhere else', () => {
    for (const url of [
      '/auth/logout',
      '/auth/sessions',
      '/auth/sessions/abc',
      '/auth/logins',
      '/users',
    ])
      expect(isPublic(url), url).toBe(false);
  });
});
