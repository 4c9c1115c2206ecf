import { formatDateTime } from '@/lib/format';
import styles from './notice.module.css';

/**
 * The cooling-off period after a security change (a second factor added, changed or removed, a
 * password reset, an unlock): withdrawals and keys that may withdraw wait until `heldUntil`
 * (the profile's `withdrawals_held_until`). Nothing while none runs.
 */
export function WithdrawalHoldNotice({
  heldUntil,
  what = 'Withdrawals are',
}: {
  heldUntil: string | null | undefined;
  what?: string;
}) {
  if (!heldUntil) return null;
  return (
    <p className={styles.notice} role="note">
      {what} on hold until {formatDateTime(heldUntil)} after a security change on your account (a
      second factor, a password reset or an unlock). This gives you time to react if it was not you.
    </p>
  );
}
