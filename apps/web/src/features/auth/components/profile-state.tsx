import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import styles from './profile-summary.module.css';

/** What a profile screen shows until the profile arrives: a spinner, or the failure and a retry. */
export function ProfileState({ isError, retry }: { isError: boolean; retry: () => void }) {
  const { t } = useTranslation('auth');
  if (!isError) return <Spinner label={t('profile.loading')} />;
  return (
    <div className={styles.state} role="alert">
      <p>{t('profile.loadFailed')}</p>
      <Button variant="secondary" onClick={retry}>
        {t('profile.tryAgain')}
      </Button>
    </div>
  );
}
