import { AML_MESSAGES as M } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';

/**
 * An admin's pause of one account's withdrawals while it is reviewed (issue 52, PMLA). The user
 * is told only that withdrawals are paused and to contact support (`AML_MESSAGES`), never why.
 */
export function refusePaused(pause: { reason: string } | undefined): void {
  if (pause) throw new AppError('WITHDRAWALS_PAUSED', M.withdrawalsPaused);
}

/**
 * An admin's approval of a withdrawal requested before its account was paused: refused too, in
 * the admin's words, until it is rejected or the pause lifted (nothing leaves a paused account).
 */
export function refusePausedApproval(pause: { reason: string } | undefined): void {
  if (pause) throw new AppError('CONFLICT', M.approvalPaused);
}
