import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import {
  activeSessions,
  bearerToken,
  endOtherSessions,
  endSession,
  logout,
  SESSION_TTL_SECONDS,
  signedInUser,
  startSession,
} from './service.js';

const ORIGIN = { ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', deviceId: null };

/** Sessions: who a token signs in, for how long, and how they end. */
describe('sessions', () => {
  const t = specContext();
  const login = async (userId: string) =>
    (await startSession(t.ctx, { userId, email: null, ...ORIGIN })).access_token;
  const sessionOf = async (token: string) => (await signedInUser(t.ctx, token))?.sessionId;

  it('reads only a Bearer token from the header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc.def extra')).toBe('abc.def');
    expect(bearerToken('Basic abc.def')).toBeNull();
    expect(bearerToken('Bearer  abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('signs in its user for a day', async () => {
    const user = await t.user();
    const started = await startSession(t.ctx, { userId: user.id, email: null, ...ORIGIN });
    expect(started.expires_in).toBe(SESSION_TTL_SECONDS);
    expect(await signedInUser(t.ctx, started.access_token)).toMatchObject({
      userId: user.id,
      role: 'user',
      apiKeyId: null,
    });
    expect(await signedInUser(t.ctx, `${started.access_token}x`)).toBeNull();
  });

  it('gives a locked account no session', async () => {
    const user = await t.user();
    await t.ctx.db
      .updateTable('users')
      .set({ locked_at: t.ctx.now() })
      .where('id', '=', user.id)
      .execute();
    await expect(login(user.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('ends one session, or all the others, and their tokens sign in no more', async () => {
    const user = await t.user();
    const [a, b, c] = [await login(user.id), await login(user.id), await login(user.id)];
    const [idA, idB] = [await sessionOf(a), await sessionOf(b)];
    const listed = await activeSessions(t.ctx, user.id, idA as string);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ _id: idA, current: true, ip: ORIGIN.ip });
    await endSession(t.ctx, user.id, idB as string);
    expect(await signedInUser(t.ctx, b)).toBeNull();
    await expect(endSession(t.ctx, user.id, idB as string)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await endOtherSessions(t.ctx, user.id, idA as string)).toBe(1);
    expect(await signedInUser(t.ctx, c)).toBeNull();
    expect(await sessionOf(a)).toBe(idA);
    await logout(t.ctx, idA as string);
    expect(await signedInUser(t.ctx, a)).toBeNull();
  });

  it("refuses to end another user's session", async () => {
    const [owner, other] = [await t.user(), await t.user()];
    const id = await sessionOf(await login(owner.id));
    await expect(endSession(t.ctx, other.id, id as string)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('ends a session left unused for SESSION_IDLE_MINUTES', async () => {
    const user = await t.user();
    const token = await login(user.id);
    expect(await sessionOf(token)).toBeDefined();
    t.advance(t.ctx.config.sessionIdleMs + 1000);
    expect(await signedInUser(t.ctx, token)).toBeNull();
  });
});
