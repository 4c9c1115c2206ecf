import { randomUUID } from 'node:crypto';
import {
  MAX_BANK_ACCOUNTS,
  RUPEE_MESSAGES as M,
  type BankAccountStatus,
  type BankAccountRequest,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { ownedFileIds } from '../files/service.js';
import { KYC_REQUIRED_MESSAGE } from '../users/identity-gate.js';
import { findUserById } from '../users/service.js';
import { toAdminBankAccountDto, toBankAccountDto } from './dto.js';
import { matchNames } from './name-match.js';
import {
  bankAccountQueue,
  bankAccountsOf,
  findBankAccount,
  insertBankAccount,
  setBankAccountStatus,
  verifiedAccountsOf,
  type BankAccountRow,
} from './repository.js';

export { verifiedAccountsOf, findBankAccount, type BankAccountRow };

export async function listBankAccounts(ctx: AppContext, userId: string) {
  return (await bankAccountsOf(ctx.db, userId)).map((r) => toBankAccountDto(r));
}

/**
 * Adds a bank account for an admin to verify: only a user whose identity is approved, in the
 * identity's name (name-match.ts), at most MAX_BANK_ACCOUNTS pending or verified ones.
 */
export async function addBankAccount(
  ctx: AppContext,
  userId: string,
  body: Omit<BankAccountRequest, 'confirm_account_number'> & { upi_id?: string | undefined },
) {
  const user = await findUserById(ctx.db, userId);
  if (user?.verificationStatus !== 'approved')
    throw new AppError('KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
  if (matchNames(body.holder_name, `${user.firstName} ${user.lastName}`) === 'none')
    throw new AppError('BAD_REQUEST', M.nameMismatch, {
      errors: { holder_name: M.nameMismatch },
    });
  const existing = await bankAccountsOf(ctx.db, userId);
  const live = existing.filter((a) => a.status === 'pending' || a.status === 'verified');
  if (live.some((a) => a.account_number === body.account_number && a.ifsc === body.ifsc))
    throw new AppError('CONFLICT', M.duplicate);
  if (live.length >= MAX_BANK_ACCOUNTS) throw new AppError('BAD_REQUEST', M.tooMany);
  const now = ctx.now();
  const row: BankAccountRow = {
    id: randomUUID(),
    user_id: userId,
    holder_name: body.holder_name.replace(/\s+/g, ' '),
    account_number: body.account_number,
    ifsc: body.ifsc,
    upi_id: body.upi_id ?? null,
    status: 'pending',
    proof_file_id: null,
    reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await insertBankAccount(ctx.db, row);
  } catch (error) {
    // Two adds of the same account at once: the unique index keeps one.
    if (/bank_accounts_live_once/.test(String(error))) throw new AppError('CONFLICT', M.duplicate);
    throw error;
  }
  return toBankAccountDto(row);
}

/** The owner removes an account: money no longer comes from or goes to it. */
export async function removeBankAccount(ctx: AppContext, userId: string, id: string) {
  const row = await findBankAccount(ctx.db, id);
  if (row?.user_id !== userId || row.status === 'removed')
    throw new AppError('NOT_FOUND', 'Bank account not found');
  const inFlight = [...ctx.core.state.pendingWithdrawals.values()].some(
    (w) => w.network === 'bank' && w.address === id,
  );
  if (inFlight)
    throw new AppError('CONFLICT', 'A withdrawal to this account is in progress: remove it later');
  await setBankAccountStatus(ctx.db, id, ['pending', 'verified', 'rejected'], {
    status: 'removed',
    updated_at: ctx.now(),
  });
}

export async function bankAccountReviewQueue(
  ctx: AppContext,
  status: BankAccountStatus,
  page: Page,
) {
  const { rows, total } = await bankAccountQueue(ctx.db, status, page);
  return { data: rows.map(toAdminBankAccountDto), total };
}

/** An admin's decision on a pending account, recorded in the audit trail with it. */
export async function decideBankAccount(
  ctx: AppContext,
  admin: AdminActor,
  id: string,
  decision: { verify: true; proofFileId?: string | undefined } | { verify: false; reason: string },
) {
  const now = ctx.now();
  if (decision.verify && decision.proofFileId) {
    const owned = await ownedFileIds(ctx.db, admin.adminId, [decision.proofFileId]);
    if (!owned.has(decision.proofFileId)) throw new AppError('BAD_REQUEST', 'Unknown file');
  }
  const pending = await findBankAccount(ctx.db, id);
  if (pending?.status !== 'pending')
    throw new AppError('NOT_FOUND', 'No pending bank account with this id');
  if (pending.user_id === admin.adminId)
    throw new AppError('SELF_REVIEW', 'An admin cannot verify their own bank account');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const changed = await setBankAccountStatus(trx, id, ['pending'], {
      status: decision.verify ? 'verified' : 'rejected',
      reason: decision.verify ? null : decision.reason,
      proof_file_id: decision.verify ? (decision.proofFileId ?? null) : null,
      reviewed_by: admin.adminId,
      reviewed_at: now,
      updated_at: now,
    });
    if (!changed) throw new AppError('NOT_FOUND', 'No pending bank account with this id');
    await recordAdminAction(trx, {
      ...admin,
      action: decision.verify ? 'bank_account.verified' : 'bank_account.rejected',
      targetType: 'bank_account',
      targetId: id,
      userId: changed.user_id,
      before: { status: 'pending' },
      after: decision.verify
        ? { status: 'verified', proof_file_id: changed.proof_file_id }
        : { status: 'rejected', reason: decision.reason },
      createdAt: now,
    });
    return changed;
  });
  return toBankAccountDto(row, true);
}
