import {
  REVIEW_MESSAGES as M,
  type AdminWithdrawal,
  type MoneyDecision,
  type MoneyReject,
  type WithdrawalStatus,
  WITHDRAWAL_CONTROL_MESSAGES,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { WithdrawalRecord } from '../../core/records.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { inTurn, ruleOf, soloLeft } from '../reviews/decide.js';
import { toReviewDto } from '../reviews/dto.js';
import { refuseApproval, refuseOwnRequest, type ReviewRule } from '../reviews/four-eyes.js';
import { reviewAnswer, reviewQueuePage, type QueueUser } from '../reviews/queue-page.js';
import { queueSearch } from '../reviews/queue-search.js';
import type { MarketEvidenceOf } from '../reviews/valuation.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { approveWithdrawal, payoutUndecidable, rejectWithdrawal } from './commands.js';
import { payAwaitingSignature } from './hot-wallet-payout.js';
import { refusePausedApprovals } from '../withdrawal-pause/service.js';
import { approvalMessage } from './approval-message.js';
import { toWithdrawalDto } from './dto.js';
import { withdrawalQueuePage } from './repository.js';

/** What a withdrawal is worth now, and so how many admins must approve it. */
const reviewOf = (
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  w: WithdrawalRecord,
  left: bigint,
) => ruleOf(ctx, evidenceOf, w, ctx.config.withdrawalSecondApprovalUsdt, left);

function toAdminWithdrawalDto(
  ctx: AppContext,
  record: WithdrawalRecord,
  rule: ReviewRule,
  user: QueueUser,
  emails: ReadonlyMap<string, string>,
): AdminWithdrawal {
  return {
    ...toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId)),
    user: { _id: user.id, email: user.email },
    ...toReviewDto(record.approvals, emails, rule),
    payout:
      record.network === 'bank'
        ? 'bank'
        : ctx.payouts.wallet(record.network)
          ? 'hot_wallet'
          : 'manual',
    payout_sent: record.payout !== null,
    payout_questioned: record.payout?.questionedAt !== undefined,
    bank_batch: record.bankBatch?.id ?? null,
    bank_return: record.bankReturn
      ? { reference: record.bankReturn.reference, recorded_by: record.bankReturn.adminIds.length }
      : null,
  };
}

/** The admins' withdrawal queue, oldest first: by status, searched by email, hash or address. */
export async function withdrawalQueue(
  ctx: AppContext,
  reviewer: { adminId: string; evidenceOf: MarketEvidenceOf },
  page: Page,
  filter: { status?: WithdrawalStatus; search?: string },
) {
  const search = queueSearch(filter.search);
  const found = await withdrawalQueuePage(ctx.db, page, { ...filter, search });
  return reviewQueuePage(ctx, reviewer.adminId, found, (record, user, emails, left) =>
    toAdminWithdrawalDto(
      ctx,
      record,
      reviewOf(ctx, reviewer.evidenceOf, record, left),
      user,
      emails,
    ),
  );
}

const answer = (ctx: AppContext, record: WithdrawalRecord, rule: ReviewRule) =>
  reviewAnswer(ctx, record, (r, user, emails) => toAdminWithdrawalDto(ctx, r, rule, user, emails));

/**
 * An admin's approval of a pending withdrawal. Its value now, and what the admin may still
 * approve alone today, decide whether one admin or two must approve (one admin's approvals run
 * one at a time for that). The last approval pays it: from the network's hot wallet when there is
 * one (recorded as awaiting the signer's signature, then signed by the signer, recorded, sent;
 * approved once the chain confirms it), else with the hash of the payout the admin made elsewhere. Every approval is stepped up as a user's
 * withdrawal is: the admin's second factor when they have one (`proof`).
 */
export function approveWithdrawalAsAdmin(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  log: FastifyBaseLogger,
  request: { admin: AdminActor; id: string; txHash?: string; proof: MoneyDecision },
) {
  return inTurn(request.admin.adminId, async () => {
    const { admin, id } = request;
    const pending = ctx.core.state.pendingWithdrawals.get(id);
    if (!pending) throw new AppError('NOT_FOUND', 'No pending withdrawal with this id');
    // Nothing is signed for a withdrawal its owner has not confirmed by mail (W4-4).
    if (pending.status === 'awaiting_email_confirmation')
      throw new AppError('CONFLICT', WITHDRAWAL_CONTROL_MESSAGES.awaitingOwner);
    const rule = reviewOf(ctx, evidenceOf, pending, await soloLeft(ctx, admin.adminId));
    const wallet = ctx.payouts.wallet(pending.network);
    const last = pending.approvals.length + 1 >= rule.required;
    if (wallet && request.txHash)
      throw new AppError('VALIDATION_ERROR', M.hotWalletPays, {
        errors: { tx_hash: M.hotWalletPays },
      });
    // Refused before anything is signed, and before the step-up so that a decision refused anyway
    // does not spend the code: the command checks the same again.
    refuseOwnRequest(pending, admin.adminId, M.ownWithdrawal);
    if (pending.payout || pending.status === 'awaiting_signature')
      throw new AppError('CONFLICT', M.payoutInFlight);
    refuseApproval(pending, admin.adminId, M.ownWithdrawal);
    await refusePausedApprovals(ctx, pending.userId);
    await requireSecondFactor(ctx, admin.adminId, request.proof);
    if (!wallet || !last) {
      const txHash = request.txHash?.toLowerCase();
      const record = await ctx.core.sequencer.submit(
        approveWithdrawal({ admin, id, rule, txHash }),
      );
      return { message: approvalMessage(record.status), record: await answer(ctx, record, rule) };
    }
    return ctx.payouts.exclusive(pending.network, async () => {
      // The hot wallet pays only through an endpoint that serves the expected chain.
      if (!(await ctx.chains.reachable(pending.network)))
        throw new AppError('UNAVAILABLE', `The ${pending.network} node is not available`);
      // Durable before anything is signed: the signer signs only what the database shows approved.
      const awaiting = await ctx.core.sequencer.submit(
        approveWithdrawal({ admin, id, rule, hotWallet: true }),
      );
      const { record, sent } = await payAwaitingSignature(ctx, log, awaiting);
      const message = sent ? M.payoutSent : M.payoutNotTaken;
      return { message, record: await answer(ctx, record, rule) };
    });
  });
}

/**
 * An admin's refusal of a pending withdrawal: the hold returns; the user sees the reason. Stepped
 * up as an approval is (review N-L2), after the checks so that a refusal refused anyway spends no
 * code.
 */
export async function rejectWithdrawalAsAdmin(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  id: string,
  { reason, ...proof }: MoneyReject,
) {
  const pending = ctx.core.state.pendingWithdrawals.get(id);
  if (!pending) throw new AppError('NOT_FOUND', 'No pending withdrawal with this id');
  refuseOwnRequest(pending, admin.adminId, M.ownWithdrawal);
  if (payoutUndecidable(pending)) throw new AppError('CONFLICT', M.payoutInFlight);
  await requireSecondFactor(ctx, admin.adminId, proof);
  const record = await ctx.core.sequencer.submit(rejectWithdrawal({ admin, id, reason }));
  const rule = reviewOf(ctx, evidenceOf, record, await soloLeft(ctx, admin.adminId));
  return answer(ctx, record, rule);
}
