import type { BankCreditStatus } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';

const TONES = {
  credited: 'success',
  awaiting_approval: 'pending',
  amount_mismatch: 'danger',
  refund_due: 'danger',
  unclaimed: 'pending',
  refunded: 'success',
  duplicate: 'pending',
  unreadable: 'danger',
} as const;

/** A credit's outcome as the console names it, in the app's language. */
export function useCreditLabel() {
  const { t } = useTranslation('admin-reviews');
  return (status: BankCreditStatus) => t(`credits.status.${status}`);
}

/** What became of a statement's credit. */
export function CreditStatus({ status }: { status: BankCreditStatus }) {
  const creditLabel = useCreditLabel();
  return <StatusBadge tone={TONES[status]}>{creditLabel(status)}</StatusBadge>;
}
