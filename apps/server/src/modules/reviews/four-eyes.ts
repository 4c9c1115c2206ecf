import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import type { Approval } from '../../core/records.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';

/** A deposit or withdrawal an admin decides: whose it is and who approved it so far. */
interface Reviewed {
  userId: string;
  approvals: Approval[];
}

/**
 * Two different admins above `threshold` (USDT ledger units); one at or below it. A value
 * nobody can tell (no USDT pair, or one too thin to trust: valuation.ts) needs two: the rule must
 * not fall open. So does one above what the deciding admin may still approve alone today
 * (`soloLeft`), so that many requests just under the threshold cannot add up to any amount.
 */
export function approvalsRequired(
  valueUsdt: bigint | null,
  threshold: bigint,
  soloLeft: bigint,
): 1 | 2 {
  return valueUsdt === null || valueUsdt > threshold || valueUsdt > soloLeft ? 2 : 1;
}

/** Refuses an admin deciding a request of their own (review M4); `message` says which kind. */
export function refuseOwnRequest(
  record: { userId: string },
  adminId: string,
  message: string,
): void {
  if (record.userId === adminId) throw new AppError('SELF_REVIEW', message);
}

/**
 * The four-eyes checks of an approval, changing nothing: not the admin's own request, and not one
 * they approved already. The service runs them before the step-up, so a refused decision does not
 * spend the admin's code; the command runs them again when it adds the approval.
 */
export function refuseApproval(record: Reviewed, adminId: string, ownMessage: string): void {
  refuseOwnRequest(record, adminId, ownMessage);
  if (record.approvals.some((a) => a.adminId === adminId))
    throw new AppError('SECOND_ADMIN_REQUIRED', M.secondAdmin);
}

/** How many different admins must approve a request, and what it was valued at when decided. */
export interface ReviewRule {
  required: number;
  valueUsdt: bigint | null;
}

/**
 * Adds the admin's approval to the record (undoably) after the four-eyes checks, and says
 * whether the approvals are now complete. Money moves only when they are. An approval that is
 * the only one needed keeps the value, which counts against the admin's daily cap.
 */
export function addApproval(
  work: UnitOfWork,
  record: Reviewed,
  admin: AdminActor,
  rule: ReviewRule,
  ownMessage: string,
): boolean {
  refuseApproval(record, admin.adminId, ownMessage);
  const { required, valueUsdt } = rule;
  const solo = required === 1 && valueUsdt !== null ? { soloUsdt: valueUsdt } : {};
  const approval = { ...admin, at: work.now, ...solo };
  work.update(record, { approvals: [...record.approvals, approval] });
  return record.approvals.length >= required;
}
