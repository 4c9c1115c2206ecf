import { describe, expect, it } from 'vitest';
import { needsEmailConfirmation } from './email-confirmation.js';

describe('email confirmation of a withdrawal (walk-4 W4-4)', () => {
  it('asks a user without a second factor to confirm a new address by mail', () => {
    expect(needsEmailConfirmation({ hasSecondFactor: false, withdrawnToBefore: false })).toBe(true);
  });

  it('asks nothing for an address withdrawn to before, or of a user with a second factor', () => {
    expect(needsEmailConfirmation({ hasSecondFactor: false, withdrawnToBefore: true })).toBe(false);
    expect(needsEmailConfirmation({ hasSecondFactor: true, withdrawnToBefore: false })).toBe(false);
    expect(needsEmailConfirmation({ hasSecondFactor: true, withdrawnToBefore: true })).toBe(false);
  });
});
