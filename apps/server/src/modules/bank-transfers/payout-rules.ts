import type { BankReturn, WithdrawalRecord } from '../../core/records.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';

/** Admins who must record the bank's failure report before a sent payout may be refunded. */
export const RETURN_ADMINS = 2;

/** The bank's failure report of a payout, recorded by enough different admins. */
export const returnConfirmed = (bankReturn: BankReturn | null | undefined): boolean =>
  (bankReturn?.adminIds.length ?? 0) >= RETURN_ADMINS;

/** Rupees the payout file sent to the bank, which the bank may still pay. */
export const sentToBank = (record: WithdrawalRecord): boolean =>
  record.network === 'bank' && Boolean(record.bankBatch);

/**
 * Refuses to reject (refund) a rupee withdrawal the payout file sent to the bank (review N4-M3)
 * until two admins recorded the bank's report that the payment failed: otherwise the bank may pay
 * it after the refund, and the user is paid twice.
 */
export function refuseRejectOfSent(record: WithdrawalRecord): void {
  if (sentToBank(record) && !returnConfirmed(record.bankReturn))
    throw new AppError('CONFLICT', said('sentRowNotRejected'));
}

/**
 * An admin records the bank's failure report of a sent payout: the first sets its return
 * reference, a second, different admin must report the same one.
 */
export function withReturnRecorded(
  record: WithdrawalRecord,
  adminId: string,
  reference: string,
  now: Date,
): BankReturn {
  if (!sentToBank(record) || record.status !== 'processing')
    throw new AppError('CONFLICT', said('returnNotSent'));
  const existing = record.bankReturn;
  if (!existing) return { reference, adminIds: [adminId], at: now };
  if (existing.reference !== reference) throw new AppError('CONFLICT', said('returnDiffers'));
  if (existing.adminIds.includes(adminId))
    throw new AppError('SECOND_ADMIN_REQUIRED', said('returnRecordedAlready'));
  return { ...existing, adminIds: [...existing.adminIds, adminId] };
}

/**
 * Sending a batch again needs two admins (review N4-M3): one asks (`requestedBy`), a different
 * one downloads the file.
 */
export function refuseResend(requestedBy: string | null, adminId: string): void {
  if (requestedBy === null) throw new AppError('CONFLICT', said('resendNotRequested'));
  if (requestedBy === adminId)
    throw new AppError('SECOND_ADMIN_REQUIRED', said('resendOwnRequest'));
}
