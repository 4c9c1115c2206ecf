import { describe, expect, it } from 'vitest';
import { AML_MESSAGES } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';
import { refusePaused, refusePausedApproval } from './rule.js';

describe('refusePaused', () => {
  it('lets an account without a pause through', () => {
    expect(() => refusePaused(undefined)).not.toThrow();
  });

  it('refuses a paused account with WITHDRAWALS_PAUSED and a neutral message (never the reason)', () => {
    let caught: unknown;
    try {
      refusePaused({ reason: 'structuring case 12: deposits under ₹10 lakh' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('WITHDRAWALS_PAUSED');
    expect((caught as AppError).message).toBe(AML_MESSAGES.withdrawalsPaused);
    expect((caught as AppError).message).not.toContain('structuring');
  });
});

describe('refusePausedApproval', () => {
  it("refuses an admin's approval for a paused account in the admin's words", () => {
    expect(() => refusePausedApproval(undefined)).not.toThrow();
    expect(() => refusePausedApproval({ reason: 'case 12' })).toThrow(AML_MESSAGES.approvalPaused);
  });
});
