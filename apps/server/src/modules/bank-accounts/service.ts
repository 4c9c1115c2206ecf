import { randomUUID } from 'node:crypto';
import {
  bankOfIfsc,
  maskAccountNumber,
  MAX_BANK_ACCOUNTS,
  RUPEE_MESSAGES as M,
  type BankAccountStatus,
  type BankAccountRequest,
  type BankValidationOutcome,
  type BankValidationResult,
  type BankValidationRow,
  type BankValidationUpload,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { ownedFileIds } from '../files/service.js';
import { inTurn } from '../reviews/decide.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { KYC_REQUIRED_MESSAGE } from '../users/identity-gate.js';
import { findUserById } from '../users/service.js';
import { bankNameMatch, payoutsFrom, toAdminBankAccountDto, toBankAccountDto } from './dto.js';
import { matchNames } from './name-match.js';
import {
  bankAccountQueue,
  bankAccountsOf,
  findBankAccount,
  insertBankAccount,
  liveAccountByNumber,
  liveAccountByVpa,
  setBankAccountStatus,
  updateLiveAccount,
  verifiedAccountsOf,
  type BankAccountRow,
} from './repository.js';
import { readValidationFile, type ValidationLine } from './validation-file.js';

export { verifiedAccountsOf, findBankAccount, payoutsFrom, type BankAccountRow };

export async function listBankAccounts(ctx: AppContext, userId: string) {
  return (await bankAccountsOf(ctx.db, userId)).map((r) =>
    toBankAccountDto(r, ctx.config.securityHoldMs),
  );
}

const identityNameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** The owner's notice of an account added or verified (review N4-L6). */
const noticeOf = (row: BankAccountRow) => ({
  bank: bankOfIfsc(row.ifsc),
  account: maskAccountNumber(row.account_number),
  ifsc: row.ifsc,
});

/**
 * Adds a bank account for the bank to validate: only a user whose identity is approved, in the
 * identity's name (name-match.ts: the typed name, a first check; the bank's name decides), at
 * most MAX_BANK_ACCOUNTS pending or verified ones. An account (number at a bank) and a UPI ID are
 * live on one exchange account only, whoever holds it: the refusal does not say whose. The owner
 * is mailed.
 */
export async function addBankAccount(
  ctx: AppContext,
  userId: string,
  body: Omit<BankAccountRequest, 'confirm_account_number'> & { upi_id?: string | undefined },
  from: RequestOrigin | null = null,
) {
  const user = await findUserById(ctx.db, userId);
  if (user?.verificationStatus !== 'approved')
    throw new AppError('KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
  if (matchNames(body.holder_name, identityNameOf(user)) === 'none')
    throw new AppError('BAD_REQUEST', M.nameMismatch, {
      errors: { holder_name: M.nameMismatch },
    });
  const existing = await bankAccountsOf(ctx.db, userId);
  const live = existing.filter((a) => a.status === 'pending' || a.status === 'verified');
  const sameBank = (a: BankAccountRow) =>
    a.account_number === body.account_number && a.ifsc.slice(0, 4) === body.ifsc.slice(0, 4);
  if (live.some(sameBank)) throw new AppError('CONFLICT', M.duplicate);
  if (live.length >= MAX_BANK_ACCOUNTS) throw new AppError('BAD_REQUEST', M.tooMany);
  if (await liveAccountByNumber(ctx.db, body.account_number, body.ifsc))
    throw new AppError('CONFLICT', M.duplicateElsewhere);
  const vpa = body.upi_id ?? null;
  if (vpa !== null && (await liveAccountByVpa(ctx.db, vpa)))
    throw new AppError('CONFLICT', M.upiDuplicate, { errors: { upi_id: M.upiDuplicate } });
  const now = ctx.now();
  const row: BankAccountRow = {
    id: randomUUID(),
    user_id: userId,
    holder_name: body.holder_name.replace(/\s+/g, ' '),
    account_number: body.account_number,
    ifsc: body.ifsc,
    upi_id: vpa,
    status: 'pending',
    proof_file_id: null,
    reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
    bank_name: null,
    validation_status: null,
    validation_ref: null,
    validated_at: null,
    upi_name: null,
  };
  try {
    await insertBankAccount(ctx.db, row);
  } catch (error) {
    // Two adds of the same account or UPI ID at once: the unique indexes keep one.
    const text = String(error);
    if (/bank_accounts_number_live_once/.test(text))
      throw new AppError('CONFLICT', M.duplicateElsewhere);
    if (/bank_accounts_vpa_live_once/.test(text))
      throw new AppError('CONFLICT', M.upiDuplicate, { errors: { upi_id: M.upiDuplicate } });
    throw error;
  }
  notifySecurityEvent(ctx, userId, { type: 'bank_account_added', ...noticeOf(row) }, from);
  return toBankAccountDto(row, ctx.config.securityHoldMs);
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
  return { data: rows.map((r) => toAdminBankAccountDto(r, ctx.config.securityHoldMs)), total };
}

/**
 * An admin's decision on a pending account, recorded in the audit trail with it. Verifying needs
 * the bank's word (review N4-H1): its validation answered `active` with a holder name that
 * matches the identity's name (name-match.ts, one-way); the typed name decides nothing. The
 * owner is mailed, with when rupee withdrawals to it open (review N4-L6).
 */
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
  if (decision.verify) {
    const owner = await findUserById(ctx.db, pending.user_id);
    if (pending.validation_status === 'invalid')
      throw new AppError('BAD_REQUEST', M.bankSaysInvalid);
    if (pending.validation_status !== 'active' || pending.bank_name === null)
      throw new AppError('BAD_REQUEST', M.notValidated);
    if (!owner || bankNameMatch(pending, identityNameOf(owner)) === 'none')
      throw new AppError('BAD_REQUEST', M.bankNameMismatch);
  }
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
        ? {
            status: 'verified',
            bank_name: changed.bank_name,
            validation_ref: changed.validation_ref,
            proof_file_id: changed.proof_file_id,
          }
        : { status: 'rejected', reason: decision.reason },
      createdAt: now,
    });
    return changed;
  });
  const opens = payoutsFrom(row, ctx.config.securityHoldMs);
  if (opens)
    notifySecurityEvent(ctx, row.user_id, {
      type: 'bank_account_verified',
      ...noticeOf(row),
      payoutsFrom: opens,
    });
  return toBankAccountDto(row, ctx.config.securityHoldMs, true);
}

type Applied = Pick<BankValidationRow, 'outcome' | 'account_id' | 'email' | 'name_match'>;

/**
 * One row of the bank's validation results, applied to the live account it names:
 * - an account (pending only): `active` stores the holder name the bank returned, which the
 *   verification then needs (`validated`); `invalid` and `failed` are stored as such;
 * - a UPI ID still unverified: `active` with a name that matches the identity's verifies it and
 *   stores that name (`vpa_verified`); any other answer drops it from the account (`vpa_refused`),
 *   so it decides nothing and blocks nobody; `failed` leaves it unverified.
 * Anything else is `unknown`: no account waits for this answer.
 */
async function applyValidation(
  ctx: AppContext,
  admin: AdminActor,
  line: ValidationLine,
): Promise<Applied> {
  const none: Applied = { outcome: 'unknown', account_id: null, email: null, name_match: null };
  const account =
    line.kind === 'account'
      ? await liveAccountByNumber(ctx.db, line.accountNumber, line.ifsc)
      : await liveAccountByVpa(ctx.db, line.vpa);
  if (!account) return none;
  if (line.kind === 'account' && (account.status !== 'pending' || account.ifsc !== line.ifsc))
    return none;
  if (line.kind === 'vpa' && account.upi_name !== null) return none;
  const owner = await findUserById(ctx.db, account.user_id);
  if (!owner) return none;
  const nameMatch =
    line.status === 'active' ? matchNames(line.registeredName, identityNameOf(owner)) : null;
  const now = ctx.now();
  let outcome: BankValidationOutcome;
  let changes: Partial<BankAccountRow>;
  if (line.kind === 'account') {
    outcome = line.status === 'active' ? 'validated' : line.status;
    changes = {
      bank_name: line.status === 'active' ? line.registeredName : null,
      validation_status: line.status,
      validation_ref: line.reference,
      validated_at: now,
    };
  } else if (line.status === 'failed') {
    return { outcome: 'failed', account_id: account.id, email: owner.email, name_match: null };
  } else if (nameMatch !== null && nameMatch !== 'none') {
    outcome = 'vpa_verified';
    changes = { upi_name: line.registeredName };
  } else {
    outcome = 'vpa_refused';
    changes = { upi_id: null };
  }
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await updateLiveAccount(trx, account.id, { ...changes, updated_at: now });
    if (!changed) return;
    await recordAdminAction(trx, {
      ...admin,
      action: 'bank_account.validated',
      targetType: 'bank_account',
      targetId: account.id,
      userId: account.user_id,
      before:
        line.kind === 'account' ? { bank_name: account.bank_name } : { upi_id: account.upi_id },
      after: { outcome, registered_name: line.registeredName, reference: line.reference },
      createdAt: now,
    });
  });
  return { outcome, account_id: account.id, email: owner.email, name_match: nameMatch };
}

/**
 * The bank's validation results (penny drop, PSP name lookup: validation-file.ts), uploaded by
 * an admin or posted by an integration: read whole (a bad line refuses it all), stepped up by the
 * second factor, each row applied to the account it names (applyValidation).
 */
export function uploadBankValidation(
  ctx: AppContext,
  admin: AdminActor,
  { file_name, content, ...proof }: BankValidationUpload,
): Promise<BankValidationResult> {
  const lines = readValidationFile(content);
  return inTurn(admin.adminId, async () => {
    await requireSecondFactor(ctx, admin.adminId, proof);
    const rows: BankValidationRow[] = [];
    const counts: Record<string, number> = {};
    for (const line of lines) {
      const applied = await applyValidation(ctx, admin, line);
      counts[applied.outcome] = (counts[applied.outcome] ?? 0) + 1;
      rows.push({
        line_no: line.lineNo,
        account_number: line.kind === 'account' ? line.accountNumber : null,
        ifsc: line.kind === 'account' ? line.ifsc : null,
        vpa: line.kind === 'vpa' ? line.vpa : null,
        registered_name: line.registeredName,
        account_status: line.status,
        reference: line.reference,
        ...applied,
      });
    }
    return { file_name, rows, counts };
  });
}
