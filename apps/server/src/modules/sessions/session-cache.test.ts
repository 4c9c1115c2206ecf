import { describe, expect, it } from 'vitest';
import type { AuthInfo } from '../../lib/request-auth.js';
import { SessionCache, type LiveSession } from './session-cache.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const WALL = 1_000_000;
const session: LiveSession = {
  userId: 'u1',
  role: 'user',
  expiresAt: new Date(T0 + 24 * 3600_000),
};
const authOf = (sessionId: string, userId = 'u1'): AuthInfo => ({
  userId,
  sessionId,
  apiKeyId: null,
  role: 'user',
  expiresAt: session.expiresAt,
});

/** A cache holding session `s1` of user u1 and the sign-in of token `tok` on it. */
function signedIn(ttlMs = 10_000, max = 100) {
  const cache = new SessionCache(ttlMs, max);
  cache.rememberSession('s1', session, new Date(T0));
  cache.rememberSignIn('tok', authOf('s1'), WALL + 60_000);
  return cache;
}

describe('SessionCache sign-ins by token', () => {
  it('answers a remembered sign-in, and nothing for another token', () => {
    const cache = signedIn();
    expect(cache.signedIn('tok', T0 + 1000, WALL)).toMatchObject({ userId: 'u1', sessionId: 's1' });
    expect(cache.signedIn('other', T0 + 1000, WALL)).toBeUndefined();
  });

  it('ends at once when its session is forgotten (a logout or revocation)', () => {
    const cache = signedIn();
    cache.forgetSession('s1');
    expect(cache.signedIn('tok', T0 + 1, WALL)).toBeUndefined();
    // Remembered again by a later full check, the old sign-in stays gone until made anew.
    cache.rememberSession('s1', session, new Date(T0 + 2));
    expect(cache.signedIn('tok', T0 + 3, WALL)).toBeUndefined();
  });

  it('ends at once when its user is forgotten (a role change, a lock, a password reset)', () => {
    const cache = signedIn();
    cache.forgetUser('u1');
    expect(cache.signedIn('tok', T0 + 1, WALL)).toBeUndefined();
  });

  it("ends with its session's entry, the session, or the token", () => {
    const cache = signedIn(10_000);
    expect(cache.signedIn('tok', T0 + 10_000, WALL)).toBeUndefined();
    expect(signedIn(100 * 3600_000).signedIn('tok', session.expiresAt.getTime(), WALL)).toBe(
      undefined,
    );
    expect(cache.signedIn('tok', T0 + 1, WALL + 60_000)).toBeUndefined();
  });

  it('is not remembered without its session, and is dropped when the sessions are', () => {
    const cache = new SessionCache(10_000, 2);
    cache.rememberSignIn('tok', authOf('s1'), WALL + 60_000);
    expect(cache.signedIn('tok', T0, WALL)).toBeUndefined();
    cache.rememberSession('s1', session, new Date(T0));
    cache.rememberSession('s2', session, new Date(T0));
    cache.rememberSignIn('tok', authOf('s1'), WALL + 60_000);
    // A third session clears the full map: s1 could no longer be forgotten, so its sign-in goes.
    cache.rememberSession('s3', session, new Date(T0));
    cache.forgetSession('s1');
    expect(cache.signedIn('tok', T0 + 1, WALL)).toBeUndefined();
  });
});
