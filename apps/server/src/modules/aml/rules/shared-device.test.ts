import { describe, expect, it } from 'vitest';
import { SHARED_DEVICE_DEFAULTS as S, sharedDevice } from './shared-device.js';

const d = (day: number) => new Date(Date.UTC(2027, 5, day));

describe('sharedDevice', () => {
  it('fires on five accounts signing in from one address within 30 days', () => {
    const logins = ['a', 'b', 'c', 'd', 'e'].map((userId, i) => ({ userId, at: d(i + 1) }));
    expect(sharedDevice('203.0.113.7', logins, d(10), S)).toMatchObject({
      rule: 'shared_device',
      userIds: ['a', 'b', 'c', 'd', 'e'],
    });
  });

  it('does not fire on a household of four, or on sign-ins older than the window', () => {
    const four = ['a', 'b', 'c', 'd'].map((userId) => ({ userId, at: d(2) }));
    expect(sharedDevice('ip', [...four, { userId: 'a', at: d(3) }], d(10), S)).toBeNull();
    expect(
      sharedDevice('ip', [...four, { userId: 'e', at: new Date(Date.UTC(2027, 3, 1)) }], d(10), S),
    ).toBeNull();
  });

  it('counts accounts, not logins: one account signing in often from a device is not shared', () => {
    const logins = [1, 2, 3, 4, 5, 6].map((day) => ({ userId: 'a', at: d(day) }));
    expect(sharedDevice('device abc', logins, d(10), S)).toBeNull();
  });
});
