import type { AdminActionName, AmlCaseDetail } from '@exchange/contracts';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import type { AuditValues } from '../../../core/records.js';
import type { AmlCloseApproval } from '../../../db/schema.js';
import { AppError } from '../../../lib/app-error.js';
import type { AdminActor } from '../../../lib/request-auth.js';
import { recordAdminAction } from '../../audit-trail/service.js';
import { addCaseEvent, caseById, updateCase, type CaseRow } from '../repository.js';
import { closeStep, refuseCaseWork, refuseEscalation, type CaseState } from './case-rules.js';
import { caseDetail } from './case-view.js';

export const stateOf = (row: CaseRow): CaseState => ({
  risk: row.risk,
  status: row.status,
  userIds: row.user_ids,
  closeApprovals: row.close_approvals.map((a) => ({ adminId: a.admin_id })),
});

/** A change to a case: what it does to the row and what the history and the audit trail say. */
interface CaseChange {
  kind: 'assigned' | 'note' | 'escalated' | 'close_approved' | 'closed';
  action: AdminActionName;
  text: string;
  set?: Omit<Parameters<typeof updateCase>[2], 'updated_at'>;
}

/**
 * Runs one change of a case in a transaction, the case's row locked (two admins at once take
 * turns): `decide` checks the rules on the row as it is and says what changes.
 */
export async function changeCase(
  ctx: AppContext,
  admin: AdminActor,
  id: string,
  decide: (row: CaseRow) => CaseChange,
): Promise<AmlCaseDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await caseById(trx, id, true);
    if (!row) throw new AppError('NOT_FOUND', 'Case not found');
    const change = decide(row);
    const now = ctx.now();
    await updateCase(trx, id, { ...change.set, updated_at: now });
    await addCaseEvent(trx, {
      case_id: id,
      kind: change.kind,
      admin_id: admin.adminId,
      text: change.text,
      created_at: now,
    });
    await auditCase(trx, admin, row, change.action, now, {
      before: { status: row.status },
      after: { status: change.set?.status ?? row.status, [change.kind]: change.text },
    });
  });
  return caseDetail(ctx, id);
}

/** The audit trail's entry for an action on a case (the first user it names as the account). */
export function auditCase(
  db: Db,
  admin: AdminActor,
  row: CaseRow,
  action: AdminActionName,
  at: Date,
  values: { before: AuditValues | null; after: AuditValues },
): Promise<void> {
  return recordAdminAction(db, {
    ...admin,
    action,
    targetType: 'aml_case',
    targetId: row.id,
    userId: row.user_ids[0] ?? null,
    ...values,
    createdAt: at,
  });
}

/** The signed-in admin takes the case. */
export const assignToMe = (ctx: AppContext, admin: AdminActor, id: string) =>
  changeCase(ctx, admin, id, (row) => {
    refuseCaseWork(stateOf(row), admin.adminId);
    return {
      kind: 'assigned',
      action: 'aml_case.assigned',
      text: admin.adminId,
      set: { assignee_id: admin.adminId },
    };
  });

export const addNote = (ctx: AppContext, admin: AdminActor, id: string, note: string) =>
  changeCase(ctx, admin, id, (row) => {
    refuseCaseWork(stateOf(row), admin.adminId);
    return { kind: 'note', action: 'aml_case.noted', text: note };
  });

export const escalate = (ctx: AppContext, admin: AdminActor, id: string, reason: string) =>
  changeCase(ctx, admin, id, (row) => {
    refuseEscalation(stateOf(row), admin.adminId);
    return {
      kind: 'escalated',
      action: 'aml_case.escalated',
      text: reason,
      set: { status: 'escalated' },
    };
  });

/**
 * Closes a case with a reason; a high-risk one on the second different admin's close (the first
 * is kept as an approval and the case stays as it was).
 */
export const closeCase = (ctx: AppContext, admin: AdminActor, id: string, reason: string) =>
  changeCase(ctx, admin, id, (row) => {
    const step = closeStep(stateOf(row), admin.adminId);
    const approval: AmlCloseApproval = {
      admin_id: admin.adminId,
      reason,
      at: ctx.now().toISOString(),
    };
    const approvals = JSON.stringify([...row.close_approvals, approval]);
    if (step === 'approved')
      return {
        kind: 'close_approved',
        action: 'aml_case.close_approved',
        text: reason,
        set: { close_approvals: approvals },
      };
    return {
      kind: 'closed',
      action: 'aml_case.closed',
      text: reason,
      set: { status: 'closed', close_approvals: approvals, closed_reason: reason },
    };
  });
