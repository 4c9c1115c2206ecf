import {
  REVIEW_MESSAGES as M,
  type AdminDeposit,
  type DepositStatus,
  type MoneyDecision,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { DepositRecord } from '../../core/records.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { toReviewDto, type ReviewState } from '../reviews/dto.js';
import { approvalsRequired, refuseApproval } from '../reviews/four-eyes.js';
import { emailsOf, queueSearch } from '../reviews/queue-search.js';
import { valueInUsdt, type LastPrice } from '../reviews/valuation.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { approveDeposit, rejectDeposit } from './commands.js';
import { toDepositDto } from './dto.js';
import { depositQueuePage } from './repository.js';

/** What a deposit confirmed by hand is worth, and so how many admins must approve it. */
function reviewOf(ctx: AppContext, lastPrice: LastPrice, d: DepositRecord): ReviewState {
  const valueUsdt = valueInUsdt(ctx.core.tokens.get(d.tokenId), d.amount, lastPrice);
  return {
    valueUsdt,
    approvalsRequired: approvalsRequired(valueUsdt, ctx.config.depositSecondApprovalUsdt),
  };
}

function toAdminDepositDto(
  ctx: AppContext,
  lastPrice: LastPrice,
  record: DepositRecord,
  user: { id: string; email: string },
  emails: ReadonlyMap<string, string>,
): AdminDeposit {
  return {
    ...toDepositDto(record, ctx.core.tokens.get(record.tokenId)),
    user: { _id: user.id, email: user.email },
    ...toReviewDto(record.approvals, emails, reviewOf(ctx, lastPrice, record)),
  };
}

/** The admins' deposit queue, oldest first: by status, searched by email, hash or sender. */
export async function depositQueue(
  ctx: AppContext,
  lastPrice: LastPrice,
  page: Page,
  filter: { status?: DepositStatus; search?: string },
) {
  const search = queueSearch(filter.search);
  const { entries, total } = await depositQueuePage(ctx.db, page, { ...filter, search });
  const emails = await emailsOf(
    ctx.db,
    entries.flatMap((e) => e.record.approvals.map((a) => a.adminId)),
  );
  const data = entries.map(({ record, user }) =>
    toAdminDepositDto(ctx, lastPrice, record, user, emails),
  );
  return { data, total };
}

async function answer(ctx: AppContext, lastPrice: LastPrice, record: DepositRecord) {
  const emails = await emailsOf(ctx.db, [record.userId, ...record.approvals.map((a) => a.adminId)]);
  const user = { id: record.userId, email: emails.get(record.userId) ?? '' };
  return toAdminDepositDto(ctx, lastPrice, record, user, emails);
}

/**
 * An admin's approval of a pending deposit: its value now decides whether one admin or two must
 * approve; the last approval credits the funding wallet (through the single writer). Stepped up
 * as a user's withdrawal is: the admin's second factor when they have one (`proof`).
 */
export async function approveDepositAsAdmin(
  ctx: AppContext,
  lastPrice: LastPrice,
  admin: AdminActor,
  id: string,
  proof: MoneyDecision,
) {
  const pending = ctx.core.state.pendingDeposits.get(id);
  if (!pending) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
  const { approvalsRequired: required } = reviewOf(ctx, lastPrice, pending);
  // Last of the checks, so a decision refused anyway does not spend the code.
  refuseApproval(pending, admin.adminId, M.ownDeposit);
  await requireSecondFactor(ctx, admin.adminId, proof);
  const record = await ctx.core.sequencer.submit(
    approveDeposit({ admin, id, approvalsRequired: required }),
  );
  return answer(ctx, lastPrice, record);
}

/** An admin's refusal of a pending deposit, with the reason the user sees. */
export async function rejectDepositAsAdmin(
  ctx: AppContext,
  lastPrice: LastPrice,
  admin: AdminActor,
  id: string,
  reason: string,
) {
  const record = await ctx.core.sequencer.submit(rejectDeposit({ admin, id, reason }));
  return answer(ctx, lastPrice, record);
}
