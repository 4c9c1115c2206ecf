import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMessage } from '@/i18n/use-message';
import styles from './notice.module.css';

/**
 * Decision D18: shown wherever the server refused a call for want of approved identity
 * verification, with the way to fix it; the server's words in the app's language.
 */
export function VerificationRequired({ message }: { message?: string | null }) {
  const { t } = useTranslation();
  const say = useMessage();
  return (
    <div className={styles.notice} role="alert">
      <span>{message ? say(message) : t('ui.verificationRequired')}</span>{' '}
      <Link to={paths.profileKyc.getHref()}>{t('nav.identityVerification')}</Link>
    </div>
  );
}
