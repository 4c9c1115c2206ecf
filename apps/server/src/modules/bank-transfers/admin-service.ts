import type {
  AssignCredit,
  BankCredit,
  BankCreditStatus,
  BankStatement,
  BankStatementResult,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { verifiedAccountsOf } from '../bank-accounts/service.js';
import { claimDeposit, rejectDeposit } from '../deposits/commands.js';
import { inTurn } from '../reviews/decide.js';
import type { MarketEvidenceOf } from '../reviews/valuation.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { findUserByEmail } from '../users/service.js';
import { rupeeToken } from './deposit-service.js';
import {
  creditedClaimOf,
  decideCredit,
  pendingClaimOf,
  PAISE,
  RECONCILE_NOTES,
} from './reconcile.js';
import { ownAccountOf } from './remitter.js';
import {
  creditQueue,
  creditsOfStatement,
  findCredit,
  findStatement,
  statementPage,
  statusCounts,
  updateCredit,
  type BankCreditView,
  type BankStatementRow,
} from './repository.js';

export function toBankCreditDto(r: BankCreditView): BankCredit {
  return {
    _id: r.id,
    statement_id: r.statement_id,
    line_no: r.line_no,
    value_date: r.value_date,
    utr: r.utr,
    amount: r.amount === null ? null : formatAmount(BigInt(r.amount)),
    remitter_name: r.remitter_name,
    remitter_account: r.remitter_account,
    remitter_ifsc: r.remitter_ifsc,
    remitter_vpa: r.remitter_vpa,
    narration: r.narration,
    status: r.status,
    user: r.user_id ? { _id: r.user_id, email: r.email ?? '' } : null,
    deposit_id: r.deposit_id,
    note: r.note,
    refund_utr: r.refund_utr,
    raw: r.raw,
  };
}

function toStatementDto(
  s: BankStatementRow & { email: string },
  counts: Record<string, number>,
): BankStatement {
  return {
    _id: s.id,
    file_name: s.file_name,
    layout: s.layout as BankStatement['layout'],
    uploaded_at: s.uploaded_at.toISOString(),
    admin: { _id: s.admin_id, email: s.email },
    credits: s.credits,
    counts,
  };
}

export async function statementResult(ctx: AppContext, id: string): Promise<BankStatementResult> {
  const statement = await findStatement(ctx.db, id);
  if (!statement) throw new AppError('NOT_FOUND', 'Statement not found');
  const [lines, counts] = await Promise.all([
    creditsOfStatement(ctx.db, id),
    statusCounts(ctx.db, [id]),
  ]);
  return {
    ...toStatementDto(statement, counts.get(id) ?? {}),
    lines: lines.map(toBankCreditDto),
  };
}

export async function statements(ctx: AppContext, page: Page) {
  const { rows, total } = await statementPage(ctx.db, page);
  const counts = await statusCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toStatementDto(r, counts.get(r.id) ?? {})), total };
}

export async function creditsByStatus(ctx: AppContext, status: BankCreditStatus, page: Page) {
  const { rows, total } = await creditQueue(ctx.db, status, page);
  return { data: rows.map(toBankCreditDto), total };
}

async function creditView(ctx: AppContext, id: string): Promise<BankCredit> {
  const row = await findCredit(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Bank credit not found');
  const lines = await creditsOfStatement(ctx.db, row.statement_id);
  return toBankCreditDto(lines.find((l) => l.id === id) as BankCreditView);
}

/** Credits an admin may give to their payer: a third party's claim refused is one (N4-L7). */
const OPEN: BankCreditStatus[] = ['unclaimed', 'amount_mismatch', 'refund_due'];

/** Why a squatter's claim is refused when the credit goes to its payer. */
const SQUATTED = 'The bank shows this UTR paid from another user’s verified account';

/**
 * An admin gives an unclaimed credit (or one whose claim named another amount, or one a third
 * party claimed) to the user who paid it: only from one of that user's verified accounts. Another
 * user's claim of the UTR is refused (a squatted UTR moves to its payer, review 4 N4-L7), as is the
 * user's claim of another amount; a claim of the bank's amount is made for them, and decided as a
 * statement's credit is (the four-eyes rule by value applies).
 */
export function assignCredit(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  id: string,
  { email, ...proof }: AssignCredit,
): Promise<BankCredit> {
  return inTurn(admin.adminId, async () => {
    const credit = await findCredit(ctx.db, id);
    if (!credit || !OPEN.includes(credit.status))
      throw new AppError('NOT_FOUND', 'No unclaimed bank credit with this id');
    const user = await findUserByEmail(ctx.db, email);
    if (!user) throw new AppError('NOT_FOUND', 'No user with this email');
    const remitter = {
      remitterName: credit.remitter_name,
      remitterAccount: credit.remitter_account,
      remitterIfsc: credit.remitter_ifsc,
      remitterVpa: credit.remitter_vpa,
    };
    const own = ownAccountOf(await verifiedAccountsOf(ctx.db, user.id), {
      ...remitter,
      narration: credit.narration,
    });
    if (!own)
      throw new AppError(
        'BAD_REQUEST',
        'This credit did not come from a verified bank account of this user: refund it',
      );
    const utr = credit.utr as string;
    if (creditedClaimOf(ctx, utr))
      throw new AppError('CONFLICT', 'This transaction has already been credited');
    await requireSecondFactor(ctx, admin.adminId, proof);
    const squatter = pendingClaimOf(ctx, utr);
    if (squatter && squatter.userId !== user.id)
      await ctx.core.sequencer.submit(rejectDeposit({ admin, id: squatter.id, reason: SQUATTED }));
    const claim = squatter?.userId === user.id ? squatter : null;
    const amount = BigInt(credit.amount as string);
    if (claim && claim.amount !== amount)
      await ctx.core.sequencer.submit(
        rejectDeposit({
          admin,
          id: claim.id,
          reason: `The bank received ₹${formatAmount(amount)}: that amount is credited instead`,
        }),
      );
    if (!claim || claim.amount !== amount)
      await ctx.core.sequencer.submit(
        claimDeposit(
          {
            userId: user.id,
            tokenId: rupeeToken(ctx).id,
            network: 'bank',
            senderAddress: own.id,
            txHash: utr,
            logIndex: -1,
            amount,
          },
          false,
        ),
      );
    const outcome = await decideCredit(ctx, evidenceOf, admin, {
      utr,
      paise: amount / PAISE,
      narration: credit.narration,
      ...remitter,
    });
    await updateCredit(ctx.db, id, {
      status: outcome.status,
      user_id: outcome.userId,
      deposit_id: outcome.depositId,
      note: outcome.note,
      decided_by: admin.adminId,
      updated_at: ctx.now(),
    });
    await recordAdminAction(ctx.db, {
      ...admin,
      action: 'bank_credit.assigned',
      targetType: 'bank_credit',
      targetId: id,
      userId: user.id,
      before: { status: credit.status, refused_claim: squatter?.id ?? null },
      after: { status: outcome.status, deposit_id: outcome.depositId },
      createdAt: ctx.now(),
    });
    return creditView(ctx, id);
  });
}

/**
 * The admin sent a credit back to its sender (outside the exchange: the money never entered the
 * ledger) and records the refund's UTR; a claim still waiting on it is refused. Never a UTR
 * credited to a user (review 4, N4-M4). An unreadable line may be refunded too.
 */
export async function refundCredit(
  ctx: AppContext,
  admin: AdminActor,
  id: string,
  refundUtr: string,
): Promise<BankCredit> {
  const credit = await findCredit(ctx.db, id);
  const refundable: BankCreditStatus[] = [...OPEN, 'unreadable'];
  if (!credit || !refundable.includes(credit.status))
    throw new AppError('NOT_FOUND', 'No refundable bank credit with this id');
  if (credit.utr && creditedClaimOf(ctx, credit.utr))
    throw new AppError('CONFLICT', 'This UTR is credited to a user: it cannot be refunded');
  const claim = credit.utr ? pendingClaimOf(ctx, credit.utr) : null;
  if (claim)
    await ctx.core.sequencer.submit(
      rejectDeposit({ admin, id: claim.id, reason: RECONCILE_NOTES.thirdPartyDeposit }),
    );
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await updateCredit(
      trx,
      id,
      { status: 'refunded', refund_utr: refundUtr, decided_by: admin.adminId, updated_at: now },
      refundable,
    );
    if (!changed) throw new AppError('NOT_FOUND', 'No refundable bank credit with this id');
    await recordAdminAction(trx, {
      ...admin,
      action: 'bank_credit.refunded',
      targetType: 'bank_credit',
      targetId: id,
      userId: credit.user_id,
      before: { status: credit.status },
      after: { status: 'refunded', refund_utr: refundUtr },
      createdAt: now,
    });
  });
  return creditView(ctx, id);
}
