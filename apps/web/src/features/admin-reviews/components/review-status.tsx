import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { useStatusLabel } from '../status-label';
import styles from './reviews.module.css';

const TONES: Record<string, BadgeTone> = {
  pending: 'pending',
  approved: 'success',
  confirmed: 'success',
  rejected: 'danger',
};

/** The status badge, with the reason a rejection gave. */
export function ReviewStatus({ status, reason }: { status: string; reason: string | null }) {
  const statusLabel = useStatusLabel();
  return (
    <div className={styles.status}>
      <StatusBadge tone={TONES[status] ?? 'pending'}>{statusLabel(status)}</StatusBadge>
      {status === 'rejected' && reason && <span className={styles.reason}>{reason}</span>}
    </div>
  );
}
