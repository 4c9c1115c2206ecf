import { AML_MESSAGES as M, type AmlCaseDetail } from '@exchange/contracts';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../lib/app-error.js';
import type { AdminActor } from '../../../lib/request-auth.js';
import { refuseOwnRequest } from '../../reviews/four-eyes.js';
import { deletePause, insertPause, inWithdrawalTurns } from '../../withdrawal-pause/service.js';
import { addCaseEvent, caseById } from '../repository.js';
import { auditCase } from './case-service.js';
import { caseDetail } from './case-view.js';

interface PauseInput {
  caseId: string;
  userId: string;
  reason: string;
}

/**
 * Pauses (or resumes) the withdrawals of one account a case names, with the reason the case and
 * the audit trail keep. The write runs inside the user's withdrawal turns (`inWithdrawalTurns`),
 * so once this answers, no withdrawal request of the user can pass its check any more.
 */
export async function setWithdrawalPause(
  ctx: AppContext,
  admin: AdminActor,
  { caseId, userId, reason }: PauseInput,
  pause: boolean,
): Promise<AmlCaseDetail> {
  await inWithdrawalTurns(userId, () =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await caseById(trx, caseId, true);
      if (!row) throw new AppError('NOT_FOUND', 'Case not found');
      if (!row.user_ids.includes(userId)) throw new AppError('BAD_REQUEST', M.notInCase);
      refuseOwnRequest({ userId }, admin.adminId, M.ownCase);
      const now = ctx.now();
      if (pause) {
        const row0 = { user_id: userId, reason, case_id: caseId, frozen_by: admin.adminId };
        if (!(await insertPause(trx, { ...row0, frozen_at: now })))
          throw new AppError('CONFLICT', M.alreadyFrozen);
      } else if (!(await deletePause(trx, userId))) throw new AppError('CONFLICT', M.notFrozen);
      const kind = pause ? 'frozen' : 'unfrozen';
      await addCaseEvent(trx, {
        case_id: caseId,
        kind,
        admin_id: admin.adminId,
        text: reason,
        created_at: now,
      });
      await recordPause(trx, admin, row, { userId, reason, pause, at: now });
    }),
  );
  return caseDetail(ctx, caseId);
}

function recordPause(
  db: Parameters<typeof auditCase>[0],
  admin: AdminActor,
  row: Parameters<typeof auditCase>[2],
  p: { userId: string; reason: string; pause: boolean; at: Date },
) {
  const action = p.pause ? 'user.withdrawals_paused' : 'user.withdrawals_resumed';
  return auditCase(db, admin, { ...row, user_ids: [p.userId] }, action, p.at, {
    before: { withdrawals_paused: !p.pause },
    after: { withdrawals_paused: p.pause, reason: p.reason, case_id: row.id },
  });
}
