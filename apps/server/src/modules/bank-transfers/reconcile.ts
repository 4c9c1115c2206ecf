import { createHash, randomUUID } from 'node:crypto';
import type { StatementUpload } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { claimKey } from '../../core/core-state.js';
import type { DepositRecord } from '../../core/records.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { verifiedAccountsOf } from '../bank-accounts/service.js';
import { approveDeposit, rejectDeposit } from '../deposits/commands.js';
import { findDeposit } from '../deposits/service.js';
import { inTurn, ruleOf, soloLeft } from '../reviews/decide.js';
import type { MarketEvidenceOf } from '../reviews/valuation.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { userOfNarration } from './reference.js';
import { ownAccountOf } from './remitter.js';
import { insertStatement, statementBySha, updateCredit, type BankCreditRow } from './repository.js';
import { readStatement, type StatementCredit, type StatementLine } from './statement-csv.js';
import { alreadyCredited, classifyCredit, RECONCILE_NOTES, type Outcome } from './credit-rules.js';

/** Statement paise to ledger units (10^-18 of a rupee). */
export const PAISE = 10n ** 16n;

export { RECONCILE_NOTES, type Outcome } from './credit-rules.js';
const N = RECONCILE_NOTES;

/**
 * The deposit already credited under a UTR's claim key, if any (review 4, N4-M4): a line of such a
 * UTR is credited already, never unclaimed or refundable.
 */
export function creditedClaimOf(ctx: AppContext, utr: string): string | null {
  const state = ctx.core.state;
  for (const id of state.claims.get(claimKey(utr)) ?? [])
    if (!state.pendingDeposits.has(id)) return id;
  return null;
}

/** The pending rupee claim of a UTR, if any. */
export function pendingClaimOf(ctx: AppContext, utr: string): DepositRecord | null {
  const state = ctx.core.state;
  for (const id of state.claims.get(claimKey(utr)) ?? []) {
    const d = state.pendingDeposits.get(id);
    if (d?.network === 'bank') return d;
  }
  return null;
}

/**
 * Decides one bank credit against the claims: a UTR credited already (whoever credited it) stays so;
 * a claim of its UTR, paid from one of the claimant's
 * verified accounts, for the same amount, is approved by the uploading admin (credited when the
 * four-eyes rule needs one admin, else waiting for a second); from anyone else, the claim is
 * refused and the credit is to be refunded; a different amount waits for an admin; no claim: the
 * credit waits (with the user whose reference the note carries, when it is theirs).
 */
export async function decideCredit(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  credit: Pick<
    StatementCredit,
    | 'utr'
    | 'paise'
    | 'remitterName'
    | 'remitterAccount'
    | 'remitterIfsc'
    | 'remitterVpa'
    | 'narration'
  >,
): Promise<Outcome> {
  const amount = credit.paise * PAISE;
  const creditedId = creditedClaimOf(ctx, credit.utr);
  if (creditedId) return alreadyCredited(creditedId, await findDeposit(ctx.db, creditedId), amount);
  const claim = pendingClaimOf(ctx, credit.utr);
  const userId = claim?.userId ?? (await userOfNarration(ctx.db, credit.narration));
  const fromOwnAccount =
    userId !== null && ownAccountOf(await verifiedAccountsOf(ctx.db, userId), credit) !== null;
  const verdict = classifyCredit({
    amount,
    claim,
    userId,
    fromOwnAccount,
    uploaderId: admin.adminId,
  });
  if (verdict.action === 'record') return verdict.outcome;
  if (verdict.action === 'reject') {
    await ctx.core.sequencer.submit(
      rejectDeposit({ admin: null, id: verdict.claim.id, reason: N.thirdPartyDeposit }),
    );
    return verdict.outcome;
  }
  const approved = verdict.claim;
  const rule = ruleOf(
    ctx,
    evidenceOf,
    approved,
    ctx.config.depositSecondApprovalUsdt,
    await soloLeft(ctx, admin.adminId),
  );
  const record = await ctx.core.sequencer.submit(approveDeposit({ admin, id: approved.id, rule }));
  const base = { userId: approved.userId, depositId: approved.id };
  return record.status === 'confirmed'
    ? { ...base, status: 'credited', note: N.credited }
    : { ...base, status: 'awaiting_approval', note: N.secondAdmin };
}

/** A statement credit decided for a user, as its watcher is told of it (after it is recorded). */
export interface BankCreditSeen {
  userId: string;
  utr: string;
  /** The remitter's name as the bank wrote it; null where the statement gave none. */
  remitterName: string | null;
}

/** Who is told of each credit decided for a user, per app: the AML monitor (`modules/aml`). */
const creditWatchers = new WeakMap<AppContext, (credit: BankCreditSeen) => void>();

/** Has `watch` told of every statement credit decided for a user from now on; it must not wait. */
export function watchBankCredits(ctx: AppContext, watch: (credit: BankCreditSeen) => void): void {
  creditWatchers.set(ctx, watch);
}

/** A statement line as recorded: unreadable lines keep what could be read, and their reason. */
function rowOf(line: StatementLine, statementId: string, now: Date): BankCreditRow {
  return {
    id: randomUUID(),
    statement_id: statementId,
    line_no: line.lineNo,
    value_date: line.valueDate,
    utr: line.utr,
    amount: line.paise === null ? null : (line.paise * PAISE).toString(),
    remitter_name: line.remitterName,
    remitter_account: line.remitterAccount,
    remitter_ifsc: line.remitterIfsc,
    remitter_vpa: line.remitterVpa,
    narration: line.narration,
    status: line.unreadable === null ? 'unclaimed' : 'unreadable',
    user_id: null,
    deposit_id: null,
    note: line.unreadable === null ? null : `Unreadable: ${line.unreadable}`,
    refund_utr: null,
    decided_by: null,
    raw: line.raw,
    created_at: now,
    updated_at: now,
  };
}

/**
 * An admin's upload of the collection account's statement: refused if the same file came before
 * (409, even when two admins send it at once); a line that cannot be read is recorded as
 * unreadable for an admin, never refusing the file; each credit recorded once per UTR (a UTR an
 * earlier statement holds is kept as a repeat and decides nothing), then decided against the
 * claims. Stepped up as every money decision is; one admin's uploads and approvals run one at a
 * time, and two admins' uploads meet in the database's unique indexes (review 4, N4-L2).
 */
export function uploadStatement(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  admin: AdminActor,
  { file_name, layout, content, ...proof }: StatementUpload,
): Promise<string> {
  const lines = readStatement(layout, content, {
    maxLinePaise: ctx.config.rupee.statementLineMax / PAISE,
  });
  const sha256 = createHash('sha256').update(content).digest('hex');
  const uploadedAlready = () =>
    new AppError('CONFLICT', 'This statement was uploaded already: nothing was recorded');
  return inTurn(admin.adminId, async () => {
    if (await statementBySha(ctx.db, sha256)) throw uploadedAlready();
    await requireSecondFactor(ctx, admin.adminId, proof);
    const now = ctx.now();
    const statementId = randomUUID();
    const rows = lines.map((line) => rowOf(line, statementId, now));
    const fresh = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertStatement(
        trx,
        {
          id: statementId,
          admin_id: admin.adminId,
          file_name,
          layout,
          sha256,
          credits: rows.length,
          uploaded_at: now,
        },
        rows,
        N.repeated,
      );
      if (!inserted) throw uploadedAlready();
      await recordAdminAction(trx, {
        ...admin,
        action: 'bank_statement.uploaded',
        targetType: 'bank_statement',
        targetId: statementId,
        userId: null,
        before: null,
        after: { file_name, layout, credits: rows.length },
        createdAt: now,
      });
      return inserted;
    });
    for (const [i, row] of rows.entries()) {
      if (!fresh.has(row.id)) continue;
      const outcome = await decideCredit(ctx, evidenceOf, admin, lines[i] as StatementCredit).catch(
        (error: unknown): Outcome => {
          // One credit the core refuses (a claim decided meanwhile) leaves it to an admin.
          if (!(error instanceof AppError)) throw error;
          return { status: 'unclaimed', userId: null, depositId: null, note: error.message };
        },
      );
      await updateCredit(ctx.db, row.id, {
        status: outcome.status,
        user_id: outcome.userId,
        deposit_id: outcome.depositId,
        note: outcome.note,
        decided_by: admin.adminId,
        updated_at: ctx.now(),
      });
      const line = lines[i] as StatementCredit;
      if (outcome.userId !== null)
        creditWatchers.get(ctx)?.({
          userId: outcome.userId,
          utr: line.utr,
          remitterName: line.remitterName || null,
        });
    }
    return statementId;
  });
}
