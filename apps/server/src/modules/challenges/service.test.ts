import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import {
  CHALLENGE_TTL_SECONDS,
  issueChallenge,
  liveChallenge,
  purgeChallenges,
  spendChallenge,
} from './service.js';

/** Single-use challenges (a login's second step, WebAuthn), on a clock the spec moves. */
describe('challenges', () => {
  const t = specContext();

  it('names its user while live, and only for its own purpose', async () => {
    const user = await t.user();
    const secret = await issueChallenge(t.ctx, 'second_factor', user.id);
    expect(await liveChallenge(t.ctx, 'second_factor', secret)).toEqual({ userId: user.id });
    expect(await liveChallenge(t.ctx, 'passkey_login', secret)).toBeUndefined();
    expect(await liveChallenge(t.ctx, 'second_factor', `${secret}x`)).toBeUndefined();
    const anonymous = await issueChallenge(t.ctx, 'passkey_login', null);
    expect(await liveChallenge(t.ctx, 'passkey_login', anonymous)).toEqual({ userId: null });
  });

  it('is spent once, however many try at once', async () => {
    const secret = await issueChallenge(t.ctx, 'passkey_register', (await t.user()).id);
    const spent = await Promise.all(
      Array.from({ length: 5 }, () => spendChallenge(t.ctx, 'passkey_register', secret)),
    );
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await liveChallenge(t.ctx, 'passkey_register', secret)).toBeUndefined();
  });

  it(`dies after ${CHALLENGE_TTL_SECONDS} s and is purged later`, async () => {
    const secret = await issueChallenge(t.ctx, 'second_factor', (await t.user()).id);
    const issuedAt = t.ctx.now();
    t.advance(CHALLENGE_TTL_SECONDS * 1000);
    expect(await liveChallenge(t.ctx, 'second_factor', secret)).toBeUndefined();
    expect(await spendChallenge(t.ctx, 'second_factor', secret)).toBe(false);
    expect(await purgeChallenges(t.ctx.db, new Date(issuedAt.getTime() + 1))).toBeGreaterThan(0);
  });
});
