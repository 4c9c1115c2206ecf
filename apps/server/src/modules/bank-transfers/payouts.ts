import { PAYOUT_FILE_COLUMNS, type PayoutBatch } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { WithdrawalRecord } from '../../core/records.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { DigitsText, toCsv, type CsvCell } from '../../lib/csv.js';
import { said } from '../../lib/messages.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { findBankAccount } from '../bank-accounts/service.js';
import { findUserById } from '../users/service.js';
import { awaitsBatch, recordBankReturn, sendInBatch } from '../withdrawals/bank-batch-commands.js';
import { pausedAmong } from '../withdrawal-pause/service.js';
import { markBankPaid } from '../withdrawals/commands.js';
import {
  findPayoutBatch,
  insertPayoutBatch,
  markResent,
  payoutBatchPage,
  requestResend,
  setBatchRows,
} from './payout-batch-repository.js';
import { refuseResend } from './payout-rules.js';

/** IMPS carries at most ₹5 lakh a payment; NEFT above. */
const IMPS_LIMIT = 500_000n * 10n ** 18n;

/** Ledger units as the bank's files write rupees: two decimals always ("1500.00"). */
const rupees = (units: bigint) => {
  const paise = units / 10n ** 16n;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
};

/** Rupee withdrawals approved in full that the payout file has not sent: the next file's rows. */
export function awaitingPayout(ctx: AppContext) {
  return [...ctx.core.state.pendingWithdrawals.values()]
    .filter(awaitsBatch)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A withdrawal's row of the file, or null when its bank account is gone. */
async function rowOf(ctx: AppContext, w: WithdrawalRecord): Promise<CsvCell[] | null> {
  const [account, user] = await Promise.all([
    findBankAccount(ctx.db, w.address),
    findUserById(ctx.db, w.userId),
  ]);
  if (!account) return null;
  return [
    w.amount > IMPS_LIMIT ? 'NEFT' : 'IMPS',
    // The beneficiary name the bank returned (penny drop), else the one typed.
    account.bank_name ?? account.holder_name,
    // As a text formula, so a spreadsheet keeps every digit (review I4-4; README, Rupees).
    new DigitsText(account.account_number),
    account.ifsc,
    rupees(w.amount),
    w.id,
    user?.email ?? '',
  ];
}

async function rowsOf(ctx: AppContext, withdrawals: readonly WithdrawalRecord[]) {
  const rows = new Map<string, CsvCell[]>();
  for (const w of withdrawals) {
    const row = await rowOf(ctx, w);
    if (row) rows.set(w.id, row);
  }
  return rows;
}

/**
 * The bulk payout file for the bank's portal (review N4-M3): every approved rupee withdrawal the
 * file has not sent yet, to the verified account it names, with the withdrawal's id as the
 * payment's reference (the bank's report of the run pairs each UTR with it). Its rows are marked
 * sent in a new batch, so the next export lists only newer ones and none of them can be rejected
 * until two admins record the bank's failure report. An account whose withdrawals an admin paused
 * (an AML case) is left out until the pause is lifted. The export is on the audit trail.
 */
export async function payoutFile(ctx: AppContext, admin: AdminActor): Promise<string> {
  const awaiting = awaitingPayout(ctx);
  // An account whose withdrawals were paused after this one's approval: not sent while it lasts.
  const paused = new Set(await pausedAmong(ctx.db, [...new Set(awaiting.map((w) => w.userId))]));
  const found = await rowsOf(
    ctx,
    awaiting.filter((w) => !paused.has(w.userId)),
  );
  let sent: WithdrawalRecord[] = [];
  const batchId = randomUUID();
  if (found.size > 0) {
    await insertPayoutBatch(ctx.db, batchId, admin.adminId, ctx.now());
    sent = await ctx.core.sequencer.submit(sendInBatch({ batchId, ids: [...found.keys()] }));
    await setBatchRows(ctx.db, batchId, sent.length);
  }
  await recordAdminAction(ctx.db, {
    ...admin,
    action: 'withdrawal.payout_file',
    targetType: 'withdrawal',
    targetId: sent.length > 0 ? batchId : 'payout-file',
    userId: null,
    before: null,
    after: { payouts: sent.length, ids: sent.map((w) => w.id) },
    createdAt: ctx.now(),
  });
  const rows = sent.map((w) => found.get(w.id)).filter((row) => row !== undefined);
  return toCsv(PAYOUT_FILE_COLUMNS, rows);
}

async function batchOrThrow(ctx: AppContext, id: string) {
  const batch = await findPayoutBatch(ctx.db, id);
  if (!batch) throw new AppError('NOT_FOUND', said('payoutBatchNotFound'));
  return batch;
}

/** An admin asks to send batch `id` to the bank again: a different admin downloads it. */
export async function requestBatchResend(ctx: AppContext, admin: AdminActor, id: string) {
  await batchOrThrow(ctx, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await requestResend(trx, id, admin.adminId, now);
    await recordAdminAction(trx, {
      ...admin,
      action: 'withdrawal.payout_resend_requested',
      targetType: 'withdrawal',
      targetId: id,
      userId: null,
      before: null,
      after: { batch: id },
      createdAt: now,
    });
  });
}

/**
 * The second admin's download of batch `id` again: its rows the bank has neither paid nor
 * reported failed. The request is used up; the re-send is on the audit trail.
 */
export async function resendBatch(ctx: AppContext, admin: AdminActor, id: string) {
  const batch = await batchOrThrow(ctx, id);
  refuseResend(batch.resend_requested_by, admin.adminId);
  const rows = [...ctx.core.state.pendingWithdrawals.values()]
    .filter((w) => w.bankBatch?.id === id && w.status === 'processing' && !w.bankReturn)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const found = await rowsOf(ctx, rows);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const requestedBy = batch.resend_requested_by as string;
    if (!(await markResent(trx, id, requestedBy, admin.adminId, now)))
      throw new AppError('CONFLICT', said('resendNotRequested'));
    await recordAdminAction(trx, {
      ...admin,
      action: 'withdrawal.payout_resent',
      targetType: 'withdrawal',
      targetId: id,
      userId: null,
      before: null,
      after: { batch: id, requested_by: requestedBy, ids: [...found.keys()] },
      createdAt: now,
    });
  });
  return toCsv(PAYOUT_FILE_COLUMNS, [...found.values()]);
}

/** The payout file's batches, newest first. */
export async function payoutBatches(ctx: AppContext, page: Page) {
  const { rows, total } = await payoutBatchPage(ctx.db, page);
  const data: PayoutBatch[] = rows.map((b) => ({
    _id: b.id,
    created_by: b.created_by,
    created_at: b.created_at.toISOString(),
    rows: b.rows,
    open: Number(b.open ?? 0),
    resend_requested_by: b.resend_requested_by,
    resent_at: b.resent_at?.toISOString() ?? null,
  }));
  return { data, total };
}

/** An admin records the bank's failure report of a sent payout (two must, alike). */
export function recordReturn(ctx: AppContext, admin: AdminActor, id: string, reference: string) {
  return ctx.core.sequencer.submit(
    recordBankReturn({ admin, id, reference: reference.toUpperCase() }),
  );
}

/** The bank paid a withdrawal of the file: it closes with the bank's UTR (the user is mailed). */
export function markPaid(ctx: AppContext, admin: AdminActor, id: string, utr: string) {
  return ctx.core.sequencer.submit(markBankPaid({ admin, id, utr: utr.toUpperCase() }));
}
