import type { WithdrawalRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { withReturnRecorded } from '../bank-transfers/payout-rules.js';

/** An approved rupee withdrawal the payout file has not sent yet. */
export const awaitsBatch = (w: WithdrawalRecord): boolean =>
  w.network === 'bank' && w.status === 'processing' && !w.bankBatch;

export interface SendInBatchInput {
  batchId: string;
  /** The withdrawals the export found; only those still waiting are marked. */
  ids: readonly string[];
}

/**
 * Marks the payout file's rows sent in batch `batchId` (review N4-M3), by the single writer so that
 * a row is in one export only and cannot be rejected meanwhile; the rows it marked.
 */
export const sendInBatch =
  ({ batchId, ids }: SendInBatchInput): Command<WithdrawalRecord[]> =>
  (state, work) => {
    const marked: WithdrawalRecord[] = [];
    for (const id of ids) {
      const record = state.pendingWithdrawals.get(id);
      if (!record || !awaitsBatch(record)) continue;
      work.update(record, { bankBatch: { id: batchId, sentAt: work.now }, updatedAt: work.now });
      work.saveWithdrawal(record);
      marked.push(record);
    }
    return marked;
  };

export interface RecordBankReturnInput {
  admin: AdminActor;
  id: string;
  /** The return reference (UTR) of the bank's failure report. */
  reference: string;
}

/**
 * An admin records the bank's report that a sent payout failed; once two admins recorded the same
 * return reference, the withdrawal may be rejected (the user refunded).
 */
export const recordBankReturn =
  ({ admin, id, reference }: RecordBankReturnInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = state.pendingWithdrawals.get(id);
    if (!record) throw new AppError('NOT_FOUND', said('noPendingWithdrawal'));
    const before = record.bankReturn ?? null;
    const bankReturn = withReturnRecorded(record, admin.adminId, reference, work.now);
    work.update(record, { bankReturn, updatedAt: work.now });
    work.saveWithdrawal(record);
    work.recordAdminAction({
      ...admin,
      action: 'withdrawal.payout_returned',
      targetType: 'withdrawal',
      targetId: id,
      userId: record.userId,
      before: before && { reference: before.reference, recorded_by: before.adminIds.length },
      after: { reference, recorded_by: bankReturn.adminIds.length },
    });
    return record;
  };
