import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import {
  loginBucket,
  loginHistory,
  ownerLoginBucket,
  recordFailedLogin,
  recordSuccessfulLogin,
} from './service.js';

const HOME = { ip: '198.51.100.7', userAgent: 'spec', deviceId: 'device-home' };
const STRANGER = { ip: '203.0.113.66', userAgent: 'spec', deviceId: 'device-other' };
const PAGE = { page: 1, pageSize: 20 };

/** Login records, the back-off's buckets (reviews N-L1, N-L5) and the new-login notice. */
describe('login history', () => {
  const t = specContext();
  const signIn = (user: { id: string; email: string }, origin = HOME) =>
    recordSuccessfulLogin(t.ctx, { userId: user.id, email: user.email }, origin);
  const notices = async (email: string) => {
    await t.ctx.mailIdle();
    return t.ctx.outbox?.list(email).length;
  };

  it("gives the owner's known browser a bucket of its own, a stranger the address's", async () => {
    const user = await t.user();
    expect(await loginBucket(t.ctx, user.id, user.email, HOME)).toBe(
      `${user.email}:address:${HOME.ip}`,
    );
    await signIn(user);
    expect(await loginBucket(t.ctx, user.id, user.email, HOME)).toMatch(
      new RegExp(`^${user.email}:device:`),
    );
    expect(await loginBucket(t.ctx, user.id, user.email, STRANGER)).toBe(
      `${user.email}:address:${STRANGER.ip}`,
    );
    expect(await loginBucket(t.ctx, null, 'nobody@example.com', HOME)).toBe(
      `nobody@example.com:address:${HOME.ip}`,
    );
  });

  it("keeps a second step's count apart only where the owner signed in before", async () => {
    const user = await t.user();
    expect(await ownerLoginBucket(t.ctx, user.id, HOME)).toBeNull();
    await signIn(user);
    expect(await ownerLoginBucket(t.ctx, user.id, HOME)).toMatch(new RegExp(`^${user.id}:device:`));
    const sameAddress = { ...HOME, deviceId: null };
    expect(await ownerLoginBucket(t.ctx, user.id, sameAddress)).toBe(
      `${user.id}:address:${HOME.ip}`,
    );
    expect(await ownerLoginBucket(t.ctx, user.id, STRANGER)).toBeNull();
  });

  it('tells the owner of a login from a new device or address only', async () => {
    const user = await t.user();
    await signIn(user);
    expect(await notices(user.email)).toBe(1);
    await signIn(user);
    expect(await notices(user.email)).toBe(1);
    await signIn(user, { ...HOME, deviceId: 'device-new' });
    expect(await notices(user.email)).toBe(2);
    await signIn(user, { ...HOME, ip: '198.51.100.8' });
    expect(await notices(user.email)).toBe(3);
  });

  it('lists failed and successful attempts, newest first', async () => {
    const user = await t.user();
    await recordFailedLogin(
      t.ctx,
      { userId: user.id, email: user.email, outcome: 'wrong_password' },
      STRANGER,
    );
    t.advance(1000);
    await signIn(user);
    const { data, total } = await loginHistory(t.ctx, user.id, PAGE);
    expect(total).toBe(2);
    expect(data.map((r) => [r.outcome, r.ip])).toEqual([
      ['success', HOME.ip],
      ['wrong_password', STRANGER.ip],
    ]);
  });
});
