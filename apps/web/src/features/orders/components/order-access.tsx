import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RichText } from '@/i18n/rich-text';
import styles from './order-form.module.css';

/** `reviewing`: the identity request is filed and waits for an admin. */
export type Account = 'visitor' | 'unverified' | 'reviewing' | 'verified';

/**
 * Who may place an order: a visitor sees Log In and Sign Up instead of the button; a user whose
 * identity is not approved is told why, with a link to Identity Verification (decision D18), or,
 * once the request is filed, that it is under review (walk-3 D9).
 */
export function OrderAccess({ account, children }: { account: Account; children: ReactNode }) {
  const { t } = useTranslation('orders');
  const kyc = (content: string) => <Link to={paths.profileKyc.getHref()}>{content}</Link>;
  if (account === 'visitor') {
    return (
      <div className={styles.access}>
        <Link to={paths.login.getHref()} className={styles.login}>
          {t('access.logIn')}
        </Link>
        <Link to={paths.signUp.getHref()} className={styles.signup}>
          {t('access.signUp')}
        </Link>
      </div>
    );
  }
  if (account === 'reviewing') {
    return (
      <p className={styles.notice} role="note">
        <RichText text={t('access.reviewing')} parts={{ kyc }} />
      </p>
    );
  }
  if (account === 'unverified') {
    return (
      <p className={styles.notice} role="note">
        <RichText text={t('access.unverified')} parts={{ kyc }} />
      </p>
    );
  }
  return children;
}
