import type {
  DepositStatus,
  Rail,
  VerificationRequestStatus,
  WithdrawalStatus,
} from '@exchange/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The words for the raw status values the server sends (issue 36): one map per kind of status,
 * from the value to its key in the `statuses` catalog, so every screen says a status the same way
 * in every language.
 */
export const TRANSFER_STATUS_KEYS: Record<DepositStatus | WithdrawalStatus, string> = {
  awaiting_email_confirmation: 'transfer.awaiting_email_confirmation',
  pending: 'transfer.pending',
  processing: 'transfer.processing',
  awaiting_signature: 'transfer.awaiting_signature',
  approved: 'transfer.approved',
  confirmed: 'transfer.confirmed',
  rejected: 'transfer.rejected',
  cancelled: 'transfer.cancelled',
};

/** An identity verification request's status (`verification_request_status`). */
export const IDENTITY_STATUS_KEYS: Record<VerificationRequestStatus, string> = {
  none: 'identity.none',
  pending_identity: 'identity.pending_identity',
  approved: 'identity.approved',
  rejected: 'identity.rejected',
};

/** A transfer's status key; a rupee payout done (`approved` on the bank rail) reads "paid" (W4-14). */
export const transferStatusKey = (status: DepositStatus | WithdrawalStatus, rail?: Rail) =>
  rail === 'bank' && status === 'approved' ? 'transfer.paid' : TRANSFER_STATUS_KEYS[status];

/** A deposit's or withdrawal's status in the app's language. */
export function useTransferStatus() {
  const { t } = useTranslation('statuses');
  return (status: DepositStatus | WithdrawalStatus, rail?: Rail) =>
    t(transferStatusKey(status, rail));
}

/** An identity verification status in the app's language. */
export function useIdentityStatus() {
  const { t } = useTranslation('statuses');
  return (status: VerificationRequestStatus) => t(IDENTITY_STATUS_KEYS[status]);
}
