import type { DepositStatus, Rail, WithdrawalStatus } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { NETWORK_LABELS } from '@/config/networks';
import { useTransferStatus } from '@/i18n/statuses';
import { formatCoinAmount } from '@/lib/format';
import { useMessage } from '@/i18n/use-message';
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

/** The bank's UTR of a rupee transfer, labelled as one (W4-14); a chain's transaction hash. */
export function TransferReference({ hash, network }: { hash: string | null; network: Rail }) {
  if (network !== 'bank' || !hash) return <TxHash hash={hash} />;
  return <span>UTR {hash}</span>;
}

/** An amount in its coin; rupees as ₹1,00,000.00 (W4-9: one rupee format, ./format's). */
export const Amount = ({ amount, coin }: { amount: string; coin: string }) => (
  <>{formatCoinAmount(amount, coin)}</>
);

const TONES: Record<DepositStatus | WithdrawalStatus, BadgeTone> = {
  awaiting_email_confirmation: 'pending',
  pending: 'pending',
  processing: 'pending',
  awaiting_signature: 'pending',
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
  network,
}: {
  status: DepositStatus | WithdrawalStatus;
  reason: string | null;
  network: Rail;
}) {
  const statusWord = useTransferStatus();
  // A reason the server keeps as a contracts' text is worded in the app's language; an admin's
  // own words show as written.
  const message = useMessage();
  return (
    <>
      <StatusBadge tone={TONES[status]}>{statusWord(status, network)}</StatusBadge>
      {(status === 'rejected' || status === 'cancelled') && reason && (
        <div className={styles.reason}>{message(reason)}</div>
      )}
    </>
  );
}
