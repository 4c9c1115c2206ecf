import type { Network, WalletType } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import { AppError } from '../lib/app-error.js';
import { claimKey, creditKey, type CoreState } from './core-state.js';
import type { Command } from './sequencer.js';
import type { DepositRecord, WithdrawalRecord } from './records.js';
import type { UnitOfWork } from './unit-of-work.js';

const refuse = (
  message: string,
  code: 'BAD_REQUEST' | 'INSUFFICIENT_BALANCE' | 'CONFLICT' | 'NOT_FOUND' = 'BAD_REQUEST',
) => new AppError(code === 'NOT_FOUND' ? 404 : code === 'CONFLICT' ? 409 : 400, code, message);

export interface TransferInput {
  userId: string;
  tokenId: string;
  from: WalletType;
  to: WalletType;
  amount: bigint;
}

/** Moves available funds between a user's own wallets (decision D11: From and To must differ). */
export const transfer =
  ({ userId, tokenId, from, to, amount }: TransferInput): Command<void> =>
  (state, work) => {
    if (from === to) throw refuse('From and To must differ');
    const source = state.accounts.user(userId, tokenId, from);
    const target = state.accounts.user(userId, tokenId, to);
    work.post('transfer', `${from}->${to}`, [
      { account: source, bucket: 'available', amount: -amount },
      { account: target, bucket: 'available', amount },
    ]);
  };

export interface WithdrawalInput {
  userId: string;
  tokenId: string;
  network: Network;
  address: string;
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
    state.pendingWithdrawals.set(id, record);
    work.saveWithdrawal(record);
    return record;
  };

export interface ReviewInput {
  adminId: string;
  id: string;
}

/** Pays a pending withdrawal out: the held amount leaves for the withdrawals system account. */
export const approveWithdrawal =
  ({ adminId, id, txHash }: ReviewInput & { txHash: string }): Command<WithdrawalRecord> =>
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
    return closeWithdrawal(state, work, record, { status: 'approved', txHash }, adminId);
  };

/** Refuses a pending withdrawal: the held amount returns to the funding wallet. */
export const rejectWithdrawal =
  ({ adminId, id, reason }: ReviewInput & { reason: string }): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    const wallet = state.accounts.user(record.userId, record.tokenId, 'funding');
    work.post('withdrawal_release', id, [
      { account: wallet, bucket: 'locked', amount: -record.amount },
      { account: wallet, bucket: 'available', amount: record.amount },
    ]);
    return closeWithdrawal(state, work, record, { status: 'rejected', reason }, adminId);
  };

function pendingWithdrawal(state: CoreState, id: string): WithdrawalRecord {
  const record = state.pendingWithdrawals.get(id);
  if (!record) throw refuse('No pending withdrawal with this id', 'NOT_FOUND');
  return record;
}

function closeWithdrawal(
  state: CoreState,
  work: UnitOfWork,
  record: WithdrawalRecord,
  change: Partial<WithdrawalRecord>,
  adminId: string,
): WithdrawalRecord {
  Object.assign(record, change, { updatedAt: work.now });
  state.pendingWithdrawals.delete(record.id);
  work.saveWithdrawal(record);
  work.recordAdminAction({
    adminId,
    action: `withdrawal.${record.status}`,
    targetType: 'withdrawal',
    targetId: record.id,
    detail: { ...change },
  });
  return record;
}

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
    const key = claimKey(claim.network, claim.txHash);
    if ((state.claims.get(key)?.size ?? 0) > 0)
      throw refuse('This transaction has already been submitted', 'CONFLICT');
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
      state.pendingDeposits.set(record.id, record);
    }
    addClaim(state, key, record.id);
    work.saveDeposit(record);
    return record;
  };

export interface ConfirmDepositInput {
  /** null when the chain watcher confirms. */
  adminId: string | null;
  id: string;
  /** What the chain showed, when it was asked. */
  logIndex?: number;
  tokenId?: string;
}

/** Credits a pending deposit (an admin's decision, or the chain watcher's). */
export const confirmDeposit =
  ({ adminId, id, logIndex, tokenId }: ConfirmDepositInput): Command<DepositRecord> =>
  (state, work) => {
    const record = state.pendingDeposits.get(id);
    if (!record) throw refuse('No pending deposit with this id', 'NOT_FOUND');
    const seen = { logIndex: logIndex ?? record.logIndex, tokenId: tokenId ?? record.tokenId };
    creditDeposit(state, work, { ...record, ...seen });
    Object.assign(record, seen, { status: 'confirmed', updatedAt: work.now });
    state.pendingDeposits.delete(id);
    work.saveDeposit(record);
    if (adminId) {
      work.recordAdminAction({
        adminId,
        action: 'deposit.confirmed',
        targetType: 'deposit',
        targetId: id,
        detail: {},
      });
    }
    return record;
  };

export const rejectDeposit =
  ({
    adminId,
    id,
    reason,
  }: {
    adminId: string | null;
    id: string;
    reason: string;
  }): Command<DepositRecord> =>
  (state, work) => {
    const record = state.pendingDeposits.get(id);
    if (!record) throw refuse('No pending deposit with this id', 'NOT_FOUND');
    Object.assign(record, { status: 'rejected', reason, updatedAt: work.now });
    state.pendingDeposits.delete(id);
    state.claims.get(claimKey(record.network, record.txHash))?.delete(id);
    work.saveDeposit(record);
    if (adminId)
      work.recordAdminAction({
        adminId,
        action: 'deposit.rejected',
        targetType: 'deposit',
        targetId: id,
        detail: { reason },
      });
    return record;
  };

/** Posts the credit of a deposit; its record's status is the caller's to set. */
function creditDeposit(state: CoreState, work: UnitOfWork, record: DepositRecord): void {
  const transfer = creditKey(record.network, record.txHash, record.logIndex);
  if (state.credited.has(transfer))
    throw refuse('This transaction has already been credited', 'CONFLICT');
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
  state.credited.add(transfer);
}

function addClaim(state: CoreState, key: string, id: string): void {
  const ids = state.claims.get(key) ?? new Set<string>();
  ids.add(id);
  state.claims.set(key, ids);
}
