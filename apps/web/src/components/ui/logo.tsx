import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './logo.module.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.logo} aria-label={t('ui.home')}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2 3 7v10l9 5 9-5V7l-9-5Zm0 3.3 5.8 3.2L12 11.7 6.2 8.5 12 5.3Z"
        />
      </svg>
      <span>Exchange</span>
    </Link>
  );
}
