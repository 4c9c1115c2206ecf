import type { DepositStatus, Rail, WithdrawalStatus } from '@exchange/contracts';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { railName } from '@/config/networks';
import { groupThousands } from '@/lib/amount';
import styles from './history-cells.module.css';

export const networkName = (network: Rail) => railName(network);

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
  pending: 'pending',
  processing: 'pending',
  approved: 'success',
  confirmed: 'success',
  rejected: 'danger',
};

const LABELS: Record<DepositStatus | WithdrawalStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  approved: 'Approved',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
};

/** The status badge; a rejection shows its reason beneath (what the admin told the user). */
export const StatusCell = ({
  status,
  reason,
}: {
  status: DepositStatus | WithdrawalStatus;
  reason: string | null;
}) => (
  <>
    <StatusBadge tone={TONES[status]}>{LABELS[status]}</StatusBadge>
    {status === 'rejected' && reason && <div className={styles.reason}>{reason}</div>}
  </>
);
