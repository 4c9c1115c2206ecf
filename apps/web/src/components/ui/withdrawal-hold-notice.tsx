import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './notice.module.css';

/**
 * The cooling-off period after a security change (a second factor added, changed or removed, a
 * password reset, an unlock): withdrawals and keys that may withdraw wait until `heldUntil`
 * (the profile's `withdrawals_held_until`). Nothing while none runs.
 */
export function WithdrawalHoldNotice({
  heldUntil,
  subject = 'withdrawals',
}: {
  heldUntil: string | null | undefined;
  /** What waits: withdrawals, or API keys with the Withdraw permission. */
  subject?: 'withdrawals' | 'withdrawKeys';
}) {
  const { t } = useTranslation();
  if (!heldUntil) return null;
  return (
    <p className={styles.notice} role="note">
      {t(`ui.hold.${subject}`, { until: formatDateTime(heldUntil) })}
    </p>
  );
}
