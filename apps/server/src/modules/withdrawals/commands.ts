import type { Network } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { CoreState } from '../../core/core-state.js';
import type { WithdrawalRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';

export interface WithdrawalInput {
  userId: string;
  tokenId: string;
  network: Network;
  address: string;
  /** Ledger units. */
  amount: bigint;
}

/** Holds the amount in the funding wallet and records a pending withdrawal. */
export const requestWithdrawal =
  (input: WithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const wallet = state.accounts.user(input.userId, input.tokenId, 'funding');
    const id = randomUUID();
    work.post('withdrawal_hold', id, [
      { account: wallet, bucket: 'available', amount: -input.amount },
      { account: wallet, bucket: 'locked', amount: input.amount },
    ]);
    const record: WithdrawalRecord = {
      id,
      ...input,
      status: 'pending',
      txHash: null,
      reason: null,
      createdAt: work.now,
      updatedAt: work.now,
    };
    work.setEntry(state.pendingWithdrawals, id, record);
    work.saveWithdrawal(record);
    return record;
  };

export interface ApproveWithdrawalInput {
  admin: AdminActor;
  id: string;
  /** The payout transaction's hash. */
  txHash: string;
}

/** Pays a pending withdrawal out: the held amount leaves for the withdrawals system account. */
export const approveWithdrawal =
  ({ admin, id, txHash }: ApproveWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    const wallet = state.accounts.user(record.userId, record.tokenId, 'funding');
    work.post('withdrawal_paid', id, [
      { account: wallet, bucket: 'locked', amount: -record.amount },
      {
        account: state.accounts.system('withdrawals', record.tokenId),
        bucket: 'available',
        amount: record.amount,
      },
    ]);
    return closeWithdrawal(state, work, record, { status: 'approved', txHash }, admin);
  };

export interface RejectWithdrawalInput {
  admin: AdminActor;
  id: string;
  /** Shown to the user. */
  reason: string;
}

/** Refuses a pending withdrawal: the held amount returns to the funding wallet. */
export const rejectWithdrawal =
  ({ admin, id, reason }: RejectWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    const wallet = state.accounts.user(record.userId, record.tokenId, 'funding');
    work.post('withdrawal_release', id, [
      { account: wallet, bucket: 'locked', amount: -record.amount },
      { account: wallet, bucket: 'available', amount: record.amount },
    ]);
    return closeWithdrawal(state, work, record, { status: 'rejected', reason }, admin);
  };

function pendingWithdrawal(state: CoreState, id: string): WithdrawalRecord {
  const record = state.pendingWithdrawals.get(id);
  if (!record) throw new AppError('NOT_FOUND', 'No pending withdrawal with this id');
  return record;
}

function closeWithdrawal(
  state: CoreState,
  work: UnitOfWork,
  record: WithdrawalRecord,
  change: Pick<WithdrawalRecord, 'status'> & Partial<Pick<WithdrawalRecord, 'txHash' | 'reason'>>,
  admin: AdminActor,
): WithdrawalRecord {
  work.update(record, { ...change, updatedAt: work.now });
  work.deleteEntry(state.pendingWithdrawals, record.id);
  work.saveWithdrawal(record);
  const { status, txHash, reason } = change;
  work.recordAdminAction({
    ...admin,
    action: status === 'approved' ? 'withdrawal.approved' : 'withdrawal.rejected',
    targetType: 'withdrawal',
    targetId: record.id,
    userId: record.userId,
    before: { status: 'pending' },
    after: { status, ...(txHash ? { tx_hash: txHash } : {}), ...(reason ? { reason } : {}) },
  });
  return record;
}
