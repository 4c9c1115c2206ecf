import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './reviews.module.css';

/**
 * Shown to an admin with no second factor above the queues whose decisions move money: they are
 * not stepped up until one is on (outside development the server refuses such an admin anyway).
 */
export function SecondFactorNotice() {
  return (
    <p className={styles.notice} role="note">
      Your money decisions are protected by your password only. Turn on an authenticator app or add
      a passkey: confirming deposits and approving withdrawals will then ask for it.{' '}
      <Link to={paths.profileSecurity.getHref()}>Set up in Security</Link>
    </p>
  );
}
