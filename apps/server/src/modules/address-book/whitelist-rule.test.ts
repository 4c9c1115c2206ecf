import { NEW_ADDRESS_LOCK_HOURS } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { unlistedAddressRefusal, usableAt } from './whitelist-rule.js';

const HOUR = 3_600_000;
const savedAt = new Date('2026-11-29T10:00:00Z');
const after = (hours: number) => new Date(savedAt.getTime() + hours * HOUR);

describe('the withdrawal whitelist', () => {
  it('refuses nothing while it is off', () => {
    expect(unlistedAddressRefusal(false, undefined, savedAt)).toBeNull();
    expect(unlistedAddressRefusal(false, { createdAt: savedAt }, savedAt)).toBeNull();
  });

  it('refuses an address not saved for the network', () => {
    expect(unlistedAddressRefusal(true, undefined, after(100))).toMatchObject({
      key: 'notWhitelisted',
    });
  });

  it(`refuses a saved address for ${NEW_ADDRESS_LOCK_HOURS} h, then lets it be used`, () => {
    expect(usableAt({ createdAt: savedAt })).toEqual(after(NEW_ADDRESS_LOCK_HOURS));
    expect(
      unlistedAddressRefusal(true, { createdAt: savedAt }, after(NEW_ADDRESS_LOCK_HOURS - 0.001)),
    ).toMatchObject({ key: 'addressLockedUntil', values: [after(NEW_ADDRESS_LOCK_HOURS)] });
    expect(
      unlistedAddressRefusal(true, { createdAt: savedAt }, after(NEW_ADDRESS_LOCK_HOURS)),
    ).toBeNull();
  });
});
