import { describe, expect, it } from 'vitest';
import { SHARED_ADDRESS_DEFAULTS as S, sharedAddress } from './shared-address.js';

describe('sharedAddress', () => {
  it('fires when three accounts withdraw to one address, naming each once', () => {
    const hit = sharedAddress(
      '0xabc',
      [{ userId: 'c' }, { userId: 'a' }, { userId: 'b' }, { userId: 'a' }],
      S,
    );
    expect(hit).toMatchObject({ rule: 'shared_withdrawal_address', userIds: ['a', 'b', 'c'] });
  });

  it('does not fire on one user withdrawing to their own address many times', () => {
    expect(
      sharedAddress('0xabc', [{ userId: 'a' }, { userId: 'a' }, { userId: 'b' }], S),
    ).toBeNull();
  });
});
