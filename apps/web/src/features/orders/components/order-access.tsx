import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './order-form.module.css';

/** `reviewing`: the identity request is filed and waits for an admin. */
export type Account = 'visitor' | 'unverified' | 'reviewing' | 'verified';

/**
 * Who may place an order: a visitor sees Log In and Sign Up instead of the button; a user whose
 * identity is not approved is told why, with a link to Identity Verification (decision D18), or,
 * once the request is filed, that it is under review (walk-3 D9).
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
  if (account === 'reviewing') {
    return (
      <p className={styles.notice} role="note">
        Verification under review. Trading opens once your{' '}
        <Link to={paths.profileKyc.getHref()}>identity verification</Link> is approved.
      </p>
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
