import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './notice.module.css';

/**
 * Decision D18: shown wherever the server refused a call for want of approved identity
 * verification, with the way to fix it.
 */
export function VerificationRequired({ message }: { message?: string | null }) {
  return (
    <div className={styles.notice} role="alert">
      <span>{message ?? 'Complete identity verification to deposit, withdraw and trade.'}</span>{' '}
      <Link to={paths.profileKyc.getHref()}>Identity Verification</Link>
    </div>
  );
}
