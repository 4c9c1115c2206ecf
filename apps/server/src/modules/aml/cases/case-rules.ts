import { AML_MESSAGES as M } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { refuseApproval, refuseOwnRequest } from '../../reviews/four-eyes.js';
import type { AmlRisk } from '../rules/hit.js';

/** A case as its rules see it: who it is about, how serious, where it stands, who approved closing. */
export interface CaseState {
  risk: AmlRisk;
  status: 'open' | 'escalated' | 'closed';
  userIds: readonly string[];
  closeApprovals: readonly { adminId: string }[];
}

/** Nothing but reading is done to a closed case; nobody works a case about their own account. */
export function refuseCaseWork(c: CaseState, adminId: string): void {
  if (c.status === 'closed') throw new AppError('CONFLICT', M.caseClosed);
  for (const userId of c.userIds) refuseOwnRequest({ userId }, adminId, M.ownCase);
}

/** An escalation moves an open case up once. */
export function refuseEscalation(c: CaseState, adminId: string): void {
  refuseCaseWork(c, adminId);
  if (c.status === 'escalated') throw new AppError('CONFLICT', M.alreadyEscalated);
}

/**
 * Closing with a reason (four-eyes, `reviews/four-eyes.ts`): a medium-risk case closes on one
 * admin's word; a high-risk one needs two different admins, the first one's approval waiting on
 * the case ('approved') until a second closes it ('closed'). The same admin twice is refused.
 */
export function closeStep(c: CaseState, adminId: string): 'approved' | 'closed' {
  refuseCaseWork(c, adminId);
  const required = c.risk === 'high' ? 2 : 1;
  for (const userId of c.userIds)
    refuseApproval(
      { userId, approvals: c.closeApprovals.map((a) => ({ ...a, ip: '', at: new Date(0) })) },
      adminId,
      M.ownCase,
    );
  return c.closeApprovals.length + 1 >= required ? 'closed' : 'approved';
}
