import { randomUUID } from 'node:crypto';
import { claimKey, creditKey, type CoreState } from '../../core/core-state.js';
import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import type { DepositRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { addApproval, refuseOwnRequest, type ReviewRule } from '../reviews/four-eyes.js';

export type DepositClaim = Omit<
  DepositRecord,
  'id' | 'status' | 'reason' | 'approvals' | 'createdAt' | 'updatedAt'
>;

/**
 * Records a deposit claim. `credit` true (verified on chain) credits the funding wallet at once;
 * otherwise the claim waits as pending. A transaction already claimed and not rejected is refused,
 * whoever claimed it.
 */
export const claimDeposit = (claim: DepositClaim, credit: boolean): Command<DepositRecord> =>
  recordClaim(claim, credit ? 'deposited' : 'pending');

/**
 * Credits funds the exchange grants rather than a user deposited (the demo accounts' seed and
 * top-ups, benchmarks, tests): a confirmed deposit like any other for the ledger and its audit,
 * but the account notices are not told, so the owner gets no "Deposit credited" mail.
 */
export const grantDeposit = (claim: DepositClaim): Command<DepositRecord> =>
  recordClaim(claim, 'granted');

const recordClaim =
  (claim: DepositClaim, arrival: 'pending' | 'deposited' | 'granted'): Command<DepositRecord> =>
  (state, work) => {
    const key = claimKey(claim.txHash);
    if ((state.claims.get(key)?.size ?? 0) > 0)
      throw new AppError('CONFLICT', 'This transaction has already been submitted');
    const record: DepositRecord = {
      ...claim,
      id: randomUUID(),
      status: 'pending',
      reason: null,
      approvals: [],
      createdAt: work.now,
      updatedAt: work.now,
    };
    if (arrival === 'pending') {
      work.setEntry(state.pendingDeposits, record.id, record);
    } else {
      creditDeposit(state, work, record);
      record.status = 'confirmed';
      if (arrival === 'deposited') work.afterCommit(() => state.funds?.depositCredited(record));
    }
    addClaim(state, work, key, record.id);
    work.saveDeposit(record);
    return record;
  };

export interface ConfirmDepositInput {
  id: string;
  /** What the chain showed. */
  logIndex: number;
  tokenId: string;
}

/** Credits a pending deposit the chain watcher found confirmed. */
export const confirmDeposit =
  ({ id, logIndex, tokenId }: ConfirmDepositInput): Command<DepositRecord> =>
  (state, work) => {
    const record = pendingDeposit(state, id);
    return credit(state, work, record, { logIndex, tokenId });
  };

export interface ApproveDepositInput {
  admin: AdminActor;
  id: string;
  /** Different admins whose approval credits it, and its value (four-eyes rule). */
  rule: ReviewRule;
}

/**
 * An admin's approval of a pending deposit, confirmed without the chain's word: never their own
 * deposit, and above the configured value two different admins. The last approval credits it.
 */
export const approveDeposit =
  ({ admin, id, rule }: ApproveDepositInput): Command<DepositRecord> =>
  (state, work) => {
    const record = pendingDeposit(state, id);
    const complete = addApproval(work, record, admin, rule, M.ownDeposit);
    const approvals = { approvals: record.approvals.length, required: rule.required };
    if (complete) credit(state, work, record, {});
    else work.saveDeposit(record);
    work.recordAdminAction({
      ...admin,
      action: complete ? 'deposit.confirmed' : 'deposit.approval_added',
      targetType: 'deposit',
      targetId: id,
      userId: record.userId,
      before: { status: 'pending', approvals: approvals.approvals - 1 },
      after: { status: record.status, ...approvals },
    });
    return record;
  };

function pendingDeposit(state: CoreState, id: string): DepositRecord {
  const record = state.pendingDeposits.get(id);
  if (!record) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
  return record;
}

/** Credits a pending deposit and closes it. */
export function credit(
  state: CoreState,
  work: UnitOfWork,
  record: DepositRecord,
  seen: { logIndex?: number; tokenId?: string },
): DepositRecord {
  const chain = {
    logIndex: seen.logIndex ?? record.logIndex,
    tokenId: seen.tokenId ?? record.tokenId,
  };
  creditDeposit(state, work, { ...record, ...chain });
  work.update(record, { ...chain, status: 'confirmed', updatedAt: work.now });
  work.deleteEntry(state.pendingDeposits, record.id);
  work.saveDeposit(record);
  work.afterCommit(() => state.funds?.depositCredited(record));
  return record;
}

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
    const record = pendingDeposit(state, id);
    if (admin) refuseOwnRequest(record, admin.adminId, M.ownDeposit);
    work.update(record, { status: 'rejected', reason, updatedAt: work.now });
    work.deleteEntry(state.pendingDeposits, id);
    const claims = state.claims.get(claimKey(record.txHash));
    if (claims) work.deleteMember(claims, id);
    work.saveDeposit(record);
    if (admin)
      work.recordAdminAction({
        ...admin,
        action: 'deposit.rejected',
        targetType: 'deposit',
        targetId: id,
        userId: record.userId,
        before: { status: 'pending' },
        after: { status: record.status, reason },
      });
    return record;
  };

/** Posts the credit of a deposit; its record's status is the caller's to set. */
export function creditDeposit(state: CoreState, work: UnitOfWork, record: DepositRecord): void {
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

export function addClaim(state: CoreState, work: UnitOfWork, key: string, id: string): void {
  const ids = state.claims.get(key);
  if (ids) work.addMember(ids, id);
  else work.setEntry(state.claims, key, new Set([id]));
}
