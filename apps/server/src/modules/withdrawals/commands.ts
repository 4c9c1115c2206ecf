import { REVIEW_MESSAGES as M, WITHDRAWAL_CONTROL_MESSAGES, type Rail } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { CoreState } from '../../core/core-state.js';
import type { AdminAction, Payout, WithdrawalRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { refuseRejectOfSent, returnConfirmed } from '../bank-transfers/payout-rules.js';
import { addApproval, refuseOwnRequest, type ReviewRule } from '../reviews/four-eyes.js';

export interface WithdrawalInput {
  userId: string;
  tokenId: string;
  network: Rail;
  /** On the bank rail: the id of the user's verified bank account. */
  address: string;
  /** Ledger units, the fee included: what leaves the funding wallet. */
  amount: bigint;
  /** The network's fee, kept from the amount when it is paid out (ledger units; below `amount`). */
  fee: bigint;
  /** The amount's value in USDT now (ledger units), for the daily limit; null: not valued. */
  valueUsdt: bigint | null;
  /** Held until its owner confirms it by mail (email-confirmation.ts), then pending. */
  awaitingEmail?: boolean;
}

/**
 * Holds the amount in the funding wallet and records a pending withdrawal. The fee is charged
 * only when it is paid out (payOut); until then the whole amount is held, and a refused or
 * cancelled withdrawal returns all of it.
 */
export const requestWithdrawal =
  (input: WithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    state.refuseLocked(input.userId);
    const wallet = state.accounts.user(input.userId, input.tokenId, 'funding');
    const id = randomUUID();
    work.post('withdrawal_hold', id, [
      { account: wallet, bucket: 'available', amount: -input.amount },
      { account: wallet, bucket: 'locked', amount: input.amount },
    ]);
    const { awaitingEmail, ...fields } = input;
    const record: WithdrawalRecord = {
      id,
      ...fields,
      status: awaitingEmail ? 'awaiting_email_confirmation' : 'pending',
      txHash: null,
      reason: null,
      approvals: [],
      payout: null,
      bankBatch: null,
      bankReturn: null,
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
  /** Different admins whose approval completes it, and its value (four-eyes rule). */
  rule: ReviewRule;
  /** The hash of a payout made elsewhere (networks without a hot wallet), with the last approval. */
  txHash?: string;
  /** The hot wallet pays it: the last approval leaves it awaiting the signer's signature. */
  hotWallet?: boolean;
}

/**
 * An admin's approval of a pending withdrawal: never their own, and above the configured value
 * two different admins. The last approval pays it: with a payout made elsewhere the held amount
 * leaves at once (approved); from the hot wallet it waits, still held, for the signer
 * (`awaiting_signature`, durable before anything is signed: the signer checks it), then for the
 * chain (recordPayout, settlePayout).
 */
export const approveWithdrawal =
  ({ admin, id, rule, txHash, hotWallet }: ApproveWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    if (record.status === 'awaiting_email_confirmation')
      throw new AppError('CONFLICT', WITHDRAWAL_CONTROL_MESSAGES.awaitingOwner);
    if (record.status === 'awaiting_signature') throw new AppError('CONFLICT', M.payoutInFlight);
    if (record.status !== 'pending')
      throw new AppError('CONFLICT', 'This withdrawal is approved: it waits for the bank’s payout');
    refuseOwnRequest(record, admin.adminId, M.ownWithdrawal);
    if (state.lockedUsers.has(record.userId))
      throw new AppError('CONFLICT', 'This account is locked: unlock it or reject the withdrawal');
    if (record.payout) throw new AppError('CONFLICT', M.payoutInFlight);
    const last = addApproval(work, record, admin, rule, M.ownWithdrawal);
    const bank = record.network === 'bank';
    // A refusal after the approval was added is rolled back with it.
    if (last && !hotWallet && !txHash && !bank)
      throw new AppError('VALIDATION_ERROR', M.txHashRequired, {
        errors: { tx_hash: M.txHashRequired },
      });
    if (!last || bank || hotWallet) {
      // A bank payout approved in full waits (processing, still held) for the bank's payout file.
      if (last)
        work.update(record, {
          status: bank ? 'processing' : 'awaiting_signature',
          updatedAt: work.now,
        });
      work.saveWithdrawal(record);
      work.recordAdminAction({
        ...admin,
        targetType: 'withdrawal',
        targetId: id,
        userId: record.userId,
        action: 'withdrawal.approval_added',
        before: { status: 'pending', approvals: record.approvals.length - 1 },
        after: {
          status: record.status,
          approvals: record.approvals.length,
          required: rule.required,
        },
      });
      return record;
    }
    payOut(state, work, record);
    const change = { status: 'approved' as const, txHash: txHash ?? null };
    return closeWithdrawal(state, work, record, change, {
      ...admin,
      action: 'withdrawal.approved',
      targetType: 'withdrawal',
      targetId: id,
      userId: record.userId,
    });
  };

/**
 * The signer signed the transfer of a withdrawal awaiting it: kept with its signed transaction
 * (pending again, still held) before it is sent, so a restart sends the same one. On the audit
 * trail under the admin whose approval completed it.
 */
export const recordPayout =
  (id: string, payout: Payout & { txHash: string }): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    const sender = record.approvals.at(-1);
    if (record.status !== 'awaiting_signature' || !sender)
      throw new AppError('CONFLICT', 'This withdrawal does not await a signature');
    const { txHash, ...signed } = payout;
    work.update(record, { status: 'pending', txHash, payout: signed, updatedAt: work.now });
    work.saveWithdrawal(record);
    work.recordAdminAction({
      adminId: sender.adminId,
      ip: sender.ip,
      targetType: 'withdrawal',
      targetId: id,
      userId: record.userId,
      action: 'withdrawal.payout_sent',
      before: { status: 'awaiting_signature' },
      after: { status: 'pending', tx_hash: txHash, nonce: signed.nonce, from: signed.from },
    });
    return record;
  };

/**
 * The hot wallet cannot make the transfer a withdrawal awaits (the chain would refuse it): the
 * approval that completed it is taken back, on the audit trail, so it is pending as before that
 * approval, still held.
 */
export const reopenForApproval =
  (id: string): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    if (record.status !== 'awaiting_signature')
      throw new AppError('CONFLICT', 'This withdrawal does not await a signature');
    const taken = record.approvals.at(-1);
    const approvals = record.approvals.slice(0, -1);
    work.update(record, { status: 'pending', approvals, updatedAt: work.now });
    work.saveWithdrawal(record);
    if (taken)
      work.recordAdminAction({
        adminId: taken.adminId,
        ip: taken.ip,
        targetType: 'withdrawal',
        targetId: id,
        userId: record.userId,
        action: 'withdrawal.approval_withdrawn',
        before: { status: 'awaiting_signature', approvals: approvals.length + 1 },
        after: { status: 'pending', approvals: approvals.length },
      });
    return record;
  };

export interface SettlePayoutInput {
  id: string;
  /** confirmed: the transfer succeeded with its confirmations; else why it failed (the user sees it). */
  outcome: { confirmed: true } | { confirmed: false; reason: string };
}

/**
 * The chain's verdict on a hot-wallet payout: confirmed, the held amount leaves (approved);
 * reverted, it returns to the funding wallet (rejected, with the reason). The audit trail
 * records it under the admin whose approval sent it.
 */
export const settlePayout =
  ({ id, outcome }: SettlePayoutInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    const sender = record.approvals.at(-1);
    if (!record.payout || !sender)
      throw new AppError('CONFLICT', 'This withdrawal has no payout on chain');
    const audit = {
      adminId: sender.adminId,
      ip: sender.ip,
      targetType: 'withdrawal' as const,
      targetId: id,
      userId: record.userId,
    };
    if (outcome.confirmed) {
      payOut(state, work, record);
      return closeWithdrawal(
        state,
        work,
        record,
        { status: 'approved' },
        {
          ...audit,
          action: 'withdrawal.payout_confirmed',
        },
      );
    }
    release(state, work, record);
    const change = { status: 'rejected' as const, reason: outcome.reason };
    return closeWithdrawal(state, work, record, change, {
      ...audit,
      action: 'withdrawal.payout_failed',
    });
  };

/**
 * The watcher saw the payout's nonce taken and no receipt of ours (review N-L3). That may be a
 * lagging or load-balanced node rather than a replacement, and refunding a payout that was in
 * fact mined pays the user twice: the withdrawal stays pending, held, for an admin to check the
 * chain and reject it (the hold returns) or let it confirm.
 */
export const questionPayout =
  (id: string): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    if (!record.payout) throw new AppError('CONFLICT', 'This withdrawal has no payout on chain');
    if (record.payout.questionedAt) return record;
    work.update(record, {
      payout: { ...record.payout, questionedAt: work.now },
      updatedAt: work.now,
    });
    work.saveWithdrawal(record);
    return record;
  };

/** A payout on chain an admin may not decide yet: one the watcher has not put in question. */
export const payoutUndecidable = (record: WithdrawalRecord): boolean =>
  record.payout !== null && !record.payout.questionedAt;

export interface RejectWithdrawalInput {
  admin: AdminActor;
  id: string;
  /** Shown to the user. */
  reason: string;
}

export interface MarkBankPaidInput {
  admin: AdminActor;
  id: string;
  /** The bank's UTR of the payout. */
  utr: string;
}

/**
 * The bank paid an approved rupee withdrawal (the payout file went through): the held amount
 * leaves for the withdrawals system account and the UTR is kept as the payout's reference.
 */
export const markBankPaid =
  ({ admin, id, utr }: MarkBankPaidInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    if (record.network !== 'bank' || record.status !== 'processing')
      throw new AppError('CONFLICT', 'Only an approved bank withdrawal can be marked paid');
    refuseOwnRequest(record, admin.adminId, M.ownWithdrawal);
    if (returnConfirmed(record.bankReturn)) throw new AppError('CONFLICT', said('returnedNotPaid'));
    payOut(state, work, record);
    return closeWithdrawal(
      state,
      work,
      record,
      { status: 'approved', txHash: utr },
      {
        ...admin,
        action: 'withdrawal.approved',
        targetType: 'withdrawal',
        targetId: id,
        userId: record.userId,
      },
    );
  };

/** Refuses a pending withdrawal: the held amount returns to the funding wallet. */
export const rejectWithdrawal =
  ({ admin, id, reason }: RejectWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = pendingWithdrawal(state, id);
    refuseOwnRequest(record, admin.adminId, M.ownWithdrawal);
    if (payoutUndecidable(record)) throw new AppError('CONFLICT', M.payoutInFlight);
    refuseRejectOfSent(record);
    release(state, work, record);
    return closeWithdrawal(
      state,
      work,
      record,
      { status: 'rejected', reason },
      {
        ...admin,
        action: 'withdrawal.rejected',
        targetType: 'withdrawal',
        targetId: id,
        userId: record.userId,
      },
    );
  };

/**
 * The held amount leaves: what the address receives to the withdrawals system account, the fee
 * to the fees account, in one transaction (the only place a withdrawal's fee is charged).
 */
function payOut(state: CoreState, work: UnitOfWork, record: WithdrawalRecord): void {
  const wallet = state.accounts.user(record.userId, record.tokenId, 'funding');
  work.post('withdrawal_paid', record.id, [
    { account: wallet, bucket: 'locked', amount: -record.amount },
    {
      account: state.accounts.system('withdrawals', record.tokenId),
      bucket: 'available',
      amount: record.amount - record.fee,
    },
    ...(record.fee > 0n
      ? [
          {
            account: state.accounts.system('fees', record.tokenId),
            bucket: 'available' as const,
            amount: record.fee,
          },
        ]
      : []),
  ]);
}

/** What the payout address receives: the amount less the network's fee (ledger units). */
export const payoutAmount = (record: WithdrawalRecord): bigint => record.amount - record.fee;

export interface CancelWithdrawalInput {
  userId: string;
  id: string;
}

/**
 * The owner cancels their withdrawal: only while it is pending and no admin has acted on it (no
 * approval, no payout signed); the held amount returns. Run by the single writer, so a cancel and
 * an admin's approval sent at once end one way only: whichever runs first wins, the other is
 * refused.
 */
export const cancelWithdrawal =
  ({ userId, id }: CancelWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = state.pendingWithdrawals.get(id);
    if (record?.userId !== userId) throw new AppError('NOT_FOUND', said('noPendingWithdrawal'));
    const waiting = record.status === 'pending' || record.status === 'awaiting_email_confirmation';
    if (!waiting || record.approvals.length > 0 || record.payout)
      throw new AppError('CONFLICT', said('notCancellable'));
    release(state, work, record);
    work.update(record, { status: 'cancelled', updatedAt: work.now });
    work.deleteEntry(state.pendingWithdrawals, record.id);
    work.saveWithdrawal(record);
    return record;
  };

/**
 * The owner confirmed a withdrawal with its mail's link (walk-4 W4-4): it goes to review, still
 * held. Only one awaiting confirmation, of this user, is confirmed; run by the single writer, so a
 * confirm and a cancel or the expiry sent at once end one way only.
 */
export const confirmWithdrawal =
  ({ userId, id }: CancelWithdrawalInput): Command<WithdrawalRecord> =>
  (state, work) => {
    const record = state.pendingWithdrawals.get(id);
    if (record?.userId !== userId || record.status !== 'awaiting_email_confirmation')
      throw new AppError('BAD_REQUEST', WITHDRAWAL_CONTROL_MESSAGES.confirmLinkInvalid);
    work.update(record, { status: 'pending', updatedAt: work.now });
    work.saveWithdrawal(record);
    return record;
  };

/**
 * A withdrawal still awaiting its owner's confirmation when its link expired (`createdBefore`):
 * cancelled, the hold returned, with the reason the owner sees. Null when it was confirmed or
 * closed meanwhile.
 */
export const expireUnconfirmed =
  (id: string, createdBefore: Date): Command<WithdrawalRecord | null> =>
  (state, work) => {
    const record = state.pendingWithdrawals.get(id);
    if (record?.status !== 'awaiting_email_confirmation' || record.createdAt > createdBefore)
      return null;
    release(state, work, record);
    work.update(record, {
      status: 'cancelled',
      reason: WITHDRAWAL_CONTROL_MESSAGES.notConfirmedInTime,
      updatedAt: work.now,
    });
    work.deleteEntry(state.pendingWithdrawals, record.id);
    work.saveWithdrawal(record);
    return record;
  };

/** The held amount returns to the funding wallet. */
function release(state: CoreState, work: UnitOfWork, record: WithdrawalRecord): void {
  const wallet = state.accounts.user(record.userId, record.tokenId, 'funding');
  work.post('withdrawal_release', record.id, [
    { account: wallet, bucket: 'locked', amount: -record.amount },
    { account: wallet, bucket: 'available', amount: record.amount },
  ]);
}

function pendingWithdrawal(state: CoreState, id: string): WithdrawalRecord {
  const record = state.pendingWithdrawals.get(id);
  if (!record) throw new AppError('NOT_FOUND', said('noPendingWithdrawal'));
  return record;
}

/** Closes a withdrawal (approved or rejected) and records it on the audit trail, before and after. */
function closeWithdrawal(
  state: CoreState,
  work: UnitOfWork,
  record: WithdrawalRecord,
  change: Pick<WithdrawalRecord, 'status'> & Partial<Pick<WithdrawalRecord, 'txHash' | 'reason'>>,
  audit: Omit<AdminAction, 'id' | 'createdAt' | 'before' | 'after'>,
): WithdrawalRecord {
  const before = { status: record.status, ...(record.txHash ? { tx_hash: record.txHash } : {}) };
  work.update(record, { ...change, payout: null, updatedAt: work.now });
  work.deleteEntry(state.pendingWithdrawals, record.id);
  work.saveWithdrawal(record);
  const { status, txHash, reason } = record;
  work.afterCommit(() => state.funds?.withdrawalClosed(record));
  work.recordAdminAction({
    ...audit,
    before,
    after: { status, ...(txHash ? { tx_hash: txHash } : {}), ...(reason ? { reason } : {}) },
  });
  return record;
}
