import { REVIEW_MESSAGES as M, type WithdrawalStatus } from '@exchange/contracts';

/**
 * What an admin's approval of a withdrawal says, by where the withdrawal went (W4-6): a crypto
 * withdrawal ends `approved`, a rupee one that needs no more approvals goes `processing`, into the
 * bank's payout file; still `pending`, it waits for a second admin.
 */
export function approvalMessage(status: WithdrawalStatus): string {
  if (status === 'approved') return M.withdrawalApproved;
  if (status === 'processing') return M.payoutQueued;
  return M.approvalRecorded;
}
