import type { DepositStatus, Rail, WithdrawalStatus } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { NETWORK_LABELS } from '@/config/networks';
import { useTransferStatus } from '@/i18n/statuses';
import { useMessage } from '@/i18n/use-message';
import { groupThousands } from '@/lib/amount';
import styles from './history-cells.module.css';

/** A deposit's or withdrawal's rail as people read it: a network, or the bank (rupees). */
export function NetworkName({ network }: { network: Rail }) {
  const { t } = useTranslation('history');
  return <>{network === 'bank' ? t('bank') : NETWORK_LABELS[network]}</>;
}

/** A transaction hash or an address, shortened in the middle; "-" when there is none (yet). */
export function TxHash({ hash }: { hash: string | null }) {
  if (!hash) return <span>-</span>;
  const short = hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
  return (
    <span title={hash} aria-label={hash}>
      {short}
    </span>
  );
}

export const Amount = ({ amount, coin }: { amount: string; coin: string }) => (
  <>
    {groupThousands(amount)} {coin}
  </>
);

const TONES: Record<DepositStatus | WithdrawalStatus, BadgeTone> = {
  awaiting_email_confirmation: 'pending',
  pending: 'pending',
  processing: 'pending',
  approved: 'success',
  confirmed: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

/**
 * The status badge; a rejection shows its reason beneath (what the admin told the user), and so
 * does a cancellation that has one (a withdrawal not confirmed by mail in time).
 */
export function StatusCell({
  status,
  reason,
}: {
  status: DepositStatus | WithdrawalStatus;
  reason: string | null;
}) {
  const statusWord = useTransferStatus();
  // A reason the server keeps as a contracts' text is worded in the app's language; an admin's
  // own words show as written.
  const message = useMessage();
  return (
    <>
      <StatusBadge tone={TONES[status]}>{statusWord(status)}</StatusBadge>
      {(status === 'rejected' || status === 'cancelled') && reason && (
        <div className={styles.reason}>{message(reason)}</div>
      )}
    </>
  );
}
