import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { approvalMessage } from './approval-message.js';

describe('approvalMessage (W4-6)', () => {
  it('says a crypto withdrawal is approved', () => {
    expect(approvalMessage('approved')).toBe(M.withdrawalApproved);
  });

  it('says a rupee withdrawal went to the payout file, not that a second admin must approve', () => {
    expect(approvalMessage('processing')).toBe(M.payoutQueued);
    expect(M.payoutQueued).toBe('Approved: in the payout file (Rupees)');
  });

  it('says a second admin must approve one still pending', () => {
    expect(approvalMessage('pending')).toBe(M.approvalRecorded);
  });
});
