import { describe, expect, it } from 'vitest';
import {
  ReplayGuard,
  replayRetentionMs,
  SIGNED_AHEAD_MS,
  signPayload,
} from './request-signature.js';

const sig = (n: number) => signPayload('secret', `request ${n}`);
const T0 = 1_764_000_000_000;

describe('ReplayGuard', () => {
  it('accepts a signature once, and refuses it again until it can no longer be accepted', () => {
    const retention = replayRetentionMs(5_000);
    expect(retention).toBe(60_000 + SIGNED_AHEAD_MS);
    const guard = new ReplayGuard(retention);
    expect(guard.sight(sig(1), T0)).toBe('new');
    expect(guard.sight(sig(1), T0)).toBe('replay');
    // Twelve seconds later (a recvWindow of 60 s still accepts its timestamp): still a replay.
    expect(guard.sight(sig(1), T0 + 12_000)).toBe('replay');
    expect(guard.sight(sig(1), T0 + retention - 1)).toBe('replay');
    // Past every window, forgotten (no timestamp it carries is accepted any more).
    expect(guard.sight(sig(2), T0 + retention)).toBe('new');
    expect(guard.size).toBe(1);
    expect(guard.sight(sig(1), T0 + retention)).toBe('new');
  });

  it('forgets the oldest first, each when it expires', () => {
    const guard = new ReplayGuard(1_000);
    guard.sight(sig(1), T0);
    guard.sight(sig(2), T0 + 500);
    expect(guard.sight(sig(3), T0 + 1_000)).toBe('new');
    expect(guard.size).toBe(2);
    expect(guard.sight(sig(2), T0 + 1_499)).toBe('replay');
    expect(guard.sight(sig(2), T0 + 1_500)).toBe('new');
  });

  it('refuses a new signature when full of live ones rather than forgetting one early', () => {
    const guard = new ReplayGuard(1_000, 2);
    expect(guard.sight(sig(1), T0)).toBe('new');
    expect(guard.sight(sig(2), T0)).toBe('new');
    expect(guard.sight(sig(3), T0 + 999)).toBe('full');
    expect(guard.sight(sig(1), T0 + 999)).toBe('replay');
    expect(guard.sight(sig(3), T0 + 1_000)).toBe('new');
  });

  it('accepts no timestamp until it serves, then none from before it began serving', () => {
    const guard = new ReplayGuard(1_000);
    expect(guard.predatesServing(T0)).toBe(true);
    guard.beginServing(T0 + SIGNED_AHEAD_MS);
    expect(guard.servingFrom).toBe(T0 + SIGNED_AHEAD_MS);
    expect(guard.predatesServing(T0 + SIGNED_AHEAD_MS - 1)).toBe(true);
    expect(guard.predatesServing(T0 + SIGNED_AHEAD_MS)).toBe(false);
  });
});
