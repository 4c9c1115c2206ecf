import type { BankCreditStatus } from '@exchange/contracts';
import { StatusBadge } from '@/components/ui/status-badge';

const TONES = {
  credited: 'success',
  awaiting_approval: 'pending',
  amount_mismatch: 'danger',
  refund_due: 'danger',
  unclaimed: 'pending',
  refunded: 'success',
  duplicate: 'pending',
} as const;

export const CREDIT_LABELS: Record<BankCreditStatus, string> = {
  credited: 'Credited',
  awaiting_approval: 'Second admin',
  amount_mismatch: 'Amount differs',
  refund_due: 'Refund due',
  unclaimed: 'Unclaimed',
  refunded: 'Refunded',
  duplicate: 'Repeat',
};

/** What became of a statement's credit. */
export const CreditStatus = ({ status }: { status: BankCreditStatus }) => (
  <StatusBadge tone={TONES[status]}>{CREDIT_LABELS[status]}</StatusBadge>
);
