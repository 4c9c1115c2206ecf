import {
  REVIEW_MESSAGES as M,
  type AdminDeposit,
  type DepositStatus,
  type MoneyDecision,
  type MoneyReject,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { DepositRecord } from '../../core/records.js';
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
import { approveDeposit, rejectDeposit } from './commands.js';
import { toDepositDto } from './dto.js';
import { depositQueuePage } from './repository.js';

/**
 * What the review of rupee claims asks of the bank's statement lines (modules/bank-transfers,
 * handed in at start-up: that module builds on this one).
 */
export interface StatementLines {
  /** The ids of `depositIds` a statement line matched and that wait for another admin. */
  awaitingSecondAdmin(db: Db, depositIds: string[]): Promise<Set<string>>;
  /** The line that waited for a second admin reads credited once the deposit is. */
  lineCredited(db: Db, depositId: string, now: Date): Promise<void>;
}

/** What a deposit confirmed by hand is worth, and so how many admins must approve it. */
const reviewOf = (ctx: AppContext, evidenceOf: MarketEvidenceOf, d: DepositRecord, left: bigint) =>
  ruleOf(ctx, evidenceOf, d, ctx.config.depositSecondApprovalUsdt, left);

function toAdminDepositDto(
  ctx: AppContext,
  record: DepositRecord,
  rule: ReviewRule,
  user: QueueUser,
  emails: ReadonlyMap<string, string>,
  confirmable: boolean,
): AdminDeposit {
  return {
    ...toDepositDto(record, ctx.core.tokens.get(record.tokenId)),
    user: { _id: user.id, email: user.email },
    ...toReviewDto(record.approvals, emails, rule),
    confirmable: record.status === 'pending' && confirmable,
  };
}

/**
 * The pending ones of `records` an admin may confirm by hand: any on a chain; rupees only as the
 * second approval of a statement line that matched them (review 4, N4-M4: rupee credits come
 * from the bank's statement only).
 */
async function confirmableOf(
  ctx: AppContext,
  lines: StatementLines,
  records: DepositRecord[],
): Promise<Set<string>> {
  const bank = records.filter((r) => r.status === 'pending' && r.network === 'bank');
  const matched = await lines.awaitingSecondAdmin(
    ctx.db,
    bank.map((r) => r.id),
  );
  return new Set(records.filter((r) => r.network !== 'bank' || matched.has(r.id)).map((r) => r.id));
}

/** The admins' deposit queue, oldest first: by status, searched by email, hash or sender. */
export async function depositQueue(
  ctx: AppContext,
  reviewer: { adminId: string; evidenceOf: MarketEvidenceOf; lines: StatementLines },
  page: Page,
  filter: { status?: DepositStatus; search?: string },
) {
  const search = queueSearch(filter.search);
  const found = await depositQueuePage(ctx.db, page, { ...filter, search });
  const confirmable = await confirmableOf(
    ctx,
    reviewer.lines,
    found.entries.map((e) => e.record),
  );
  return reviewQueuePage(ctx, reviewer.adminId, found, (record, user, emails, left) =>
    toAdminDepositDto(
      ctx,
      record,
      reviewOf(ctx, reviewer.evidenceOf, record, left),
      user,
      emails,
      confirmable.has(record.id),
    ),
  );
}

async function answer(
  ctx: AppContext,
  lines: StatementLines,
  record: DepositRecord,
  rule: ReviewRule,
) {
  const confirmable = (await confirmableOf(ctx, lines, [record])).has(record.id);
  return reviewAnswer(ctx, record, (r, user, emails) =>
    toAdminDepositDto(ctx, r, rule, user, emails, confirmable),
  );
}

/**
 * An admin's approval of a pending deposit (a rupee claim only when a statement line waits on it):
 * its value now, and what the admin may still approve
 * alone today, decide whether one admin or two must approve; the last approval credits the
 * funding wallet (through the single writer). Stepped up as a user's withdrawal is: the admin's
 * second factor when they have one (`proof`). One admin's approvals run one at a time (daily cap).
 */
export function approveDepositAsAdmin(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  id: string,
  proof: MoneyDecision,
  lines: StatementLines,
) {
  return inTurn(admin.adminId, async () => {
    const pending = ctx.core.state.pendingDeposits.get(id);
    if (!pending) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
    if (!(await confirmableOf(ctx, lines, [pending])).has(id))
      throw new AppError(
        'BAD_REQUEST',
        'Rupee deposits are credited only from the bank statement: upload the statement that shows this UTR',
      );
    const rule = reviewOf(ctx, evidenceOf, pending, await soloLeft(ctx, admin.adminId));
    // Last of the checks, so a decision refused anyway does not spend the code.
    refuseApproval(pending, admin.adminId, M.ownDeposit);
    await requireSecondFactor(ctx, admin.adminId, proof);
    const record = await ctx.core.sequencer.submit(approveDeposit({ admin, id, rule }));
    if (record.network === 'bank' && record.status === 'confirmed')
      await lines.lineCredited(ctx.db, id, ctx.now());
    return answer(ctx, lines, record, rule);
  });
}

/**
 * An admin's refusal of a pending deposit, with the reason the user sees; stepped up as an
 * approval is (review N-L2), after the checks so that a refusal refused anyway spends no code.
 */
export async function rejectDepositAsAdmin(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  id: string,
  { reason, ...proof }: MoneyReject,
  lines: StatementLines,
) {
  const pending = ctx.core.state.pendingDeposits.get(id);
  if (!pending) throw new AppError('NOT_FOUND', 'No pending deposit with this id');
  refuseOwnRequest(pending, admin.adminId, M.ownDeposit);
  await requireSecondFactor(ctx, admin.adminId, proof);
  const record = await ctx.core.sequencer.submit(rejectDeposit({ admin, id, reason }));
  const rule = reviewOf(ctx, evidenceOf, record, await soloLeft(ctx, admin.adminId));
  return answer(ctx, lines, record, rule);
}
