import { randomUUID } from 'node:crypto';
import { claimKey, creditKey, type CoreState } from '../../core/core-state.js';
import type { DepositRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';

export type DepositClaim = Omit<
  DepositRecord,
  'id' | 'status' | 'reason' | 'createdAt' | 'updatedAt'
>;

/**
 * Records a deposit claim. `credit` true (verified on chain) credits the funding wallet at once;
 * otherwise the claim waits as pending. A transaction already claimed and not rejected is refused,
 * whoever claimed it.
 */
export const claimDeposit =
  (claim: DepositClaim, credit: boolean): Command<DepositRecord> =>
  (state, work) => {
    const key = claimKey(claim.txHash);
    if ((state.claims.get(key)?.size ?? 0) > 0)
      throw new AppError('CONFLICT', 'This transaction has already been submitted');
    const record: DepositRecord = {
      ...claim,
      id: randomUUID(),
      status: 'pending',
      reason: null,
      createdAt: work.now,
      updatedAt: work.now,
    };
    if (credit) {
      creditDeposit(state, work, record);
      record.status = 'confirmed';
    } else {
      work.setEntry(state.pendingDeposits, record.id, record);
    }
    addClaim(state, work, key, record.id);
    work.saveDeposit(record);
    return record;
  };

export interface ConfirmDepositInput {
  /** null when the chain watcher confirms. */
  admin: AdminActor | null;
  id: string;
  /** What the chain showed, when it was asked. */
  logIndex?: number;
  tokenId?: string;
}

/** Credits a pending deposit (an admin's decision, or the chain watcher's). */
export const confirmDeposit =
  ({ admin, id, logIndex, tokenId }: ConfirmDepositInput): Command<DepositRecord> =>
  (state, work) => {
    const record = state.pendingDeposits.get(id);
    if (!record) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
    const seen = { logIndex: logIndex ?? record.logIndex, tokenId: tokenId ?? record.tokenId };
    creditDeposit(state, work, { ...record, ...seen });
    work.update(record, { ...seen, status: 'confirmed', updatedAt: work.now });
    work.deleteEntry(state.pendingDeposits, id);
    work.saveDeposit(record);
    if (admin) recordDecision(work, admin, record, 'deposit.confirmed');
    return record;
  };

export interface RejectDepositInput {
  /** null when the chain watcher rejects. */
  admin: AdminActor | null;
  id: string;
  /** Shown to the user. */
  reason: string;
}

/** Refuses a pending deposit; its transaction may be claimed again. */
export const rejectDeposit =
  ({ admin, id, reason }: RejectDepositInput): Command<DepositRecord> =>
  (state, work) => {
    const record = state.pendingDeposits.get(id);
    if (!record) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
    work.update(record, { status: 'rejected', reason, updatedAt: work.now });
    work.deleteEntry(state.pendingDeposits, id);
    const claims = state.claims.get(claimKey(record.txHash));
    if (claims) work.deleteMember(claims, id);
    work.saveDeposit(record);
    if (admin) recordDecision(work, admin, record, 'deposit.rejected');
    return record;
  };

/** An admin's decision on a pending deposit, on the audit trail: the status before and after. */
function recordDecision(
  work: UnitOfWork,
  admin: AdminActor,
  record: DepositRecord,
  action: 'deposit.confirmed' | 'deposit.rejected',
): void {
  work.recordAdminAction({
    ...admin,
    action,
    targetType: 'deposit',
    targetId: record.id,
    userId: record.userId,
    before: { status: 'pending' },
    after: { status: record.status, ...(record.reason === null ? {} : { reason: record.reason }) },
  });
}

/** Posts the credit of a deposit; its record's status is the caller's to set. */
function creditDeposit(state: CoreState, work: UnitOfWork, record: DepositRecord): void {
  const transfer = creditKey(record.network, record.txHash, record.logIndex);
  if (state.credited.has(transfer))
    throw new AppError('CONFLICT', 'This transaction has already been credited');
  work.post('deposit', record.id, [
    {
      account: state.accounts.system('deposits', record.tokenId),
      bucket: 'available',
      amount: -record.amount,
    },
    {
      account: state.accounts.user(record.userId, record.tokenId, 'funding'),
      bucket: 'available',
      amount: record.amount,
    },
  ]);
  work.addMember(state.credited, transfer);
}

function addClaim(state: CoreState, work: UnitOfWork, key: string, id: string): void {
  const ids = state.claims.get(key);
  if (ids) work.addMember(ids, id);
  else work.setEntry(state.claims, key, new Set([id]));
}
