import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './reviews.module.css';

/**
 * Shown to an admin with no second factor above the queues whose decisions move money: they are
 * not stepped up until one is on (outside development the server refuses such an admin anyway).
 */
export function SecondFactorNotice() {
  const { t } = useTranslation('admin-reviews');
  return (
    <p className={styles.notice} role="note">
      {t('secondFactor.notice')}{' '}
      <Link to={paths.profileSecurity.getHref()}>{t('secondFactor.link')}</Link>
    </p>
  );
}
