import { describe, expect, it } from 'vitest';
import { claimExpired, mayClaimAnother, waitingClaimsOf } from './claim-rules.js';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-29T12:00:00Z');
const claim = (over: Partial<Parameters<typeof claimExpired>[0]> = {}) => ({
  userId: 'u1',
  network: 'bank',
  createdAt: new Date(now.getTime() - 8 * DAY),
  approvals: [],
  ...over,
});

describe('rupee claim rules', () => {
  it('counts the user’s waiting rupee claims only', () => {
    const pending = [claim(), claim(), claim({ userId: 'u2' }), claim({ network: 'ethereum' })];
    expect(waitingClaimsOf(pending, 'u1')).toBe(2);
    expect(waitingClaimsOf([], 'u1')).toBe(0);
  });

  it('lets a user claim while under the cap', () => {
    expect(mayClaimAnother(4, 5)).toBe(true);
    expect(mayClaimAnother(5, 5)).toBe(false);
    expect(mayClaimAnother(0, 1)).toBe(true);
  });

  it('expires a rupee claim older than the days given', () => {
    expect(claimExpired(claim(), now, 7, false)).toBe(true);
    expect(
      claimExpired(claim({ createdAt: new Date(now.getTime() - 6 * DAY) }), now, 7, false),
    ).toBe(false);
    expect(
      claimExpired(claim({ createdAt: new Date(now.getTime() - 7 * DAY) }), now, 7, false),
    ).toBe(false);
  });

  it('never expires a claim a statement line or an admin holds, nor a chain deposit', () => {
    expect(claimExpired(claim(), now, 7, true)).toBe(false);
    expect(claimExpired(claim({ approvals: [{}] }), now, 7, false)).toBe(false);
    expect(claimExpired(claim({ network: 'ethereum' }), now, 7, false)).toBe(false);
  });
});
