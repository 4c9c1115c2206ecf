import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './order-form.module.css';

export type Account = 'visitor' | 'unverified' | 'verified';

/**
 * Who may place an order: a visitor sees Log In and Sign Up instead of the button; a user whose
 * identity is not approved is told why, with a link to Identity Verification (decision D18).
 */
export function OrderAccess({ account, children }: { account: Account; children: ReactNode }) {
  if (account === 'visitor') {
    return (
      <div className={styles.access}>
        <Link to={paths.login.getHref()} className={styles.login}>
          Log In
        </Link>
        <Link to={paths.signUp.getHref()} className={styles.signup}>
          Sign Up
        </Link>
      </div>
    );
  }
  if (account === 'unverified') {
    return (
      <p className={styles.notice} role="note">
        Trading needs identity verification.{' '}
        <Link to={paths.profileKyc.getHref()}>Complete Identity Verification</Link> to unlock
        deposits and trading.
      </p>
    );
  }
  return children;
}
