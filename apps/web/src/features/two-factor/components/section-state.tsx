import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import styles from './security-section.module.css';

/** A section's loading or error state while GET /security has no answer to show. */
export function SectionState({ isError, retry }: { isError: boolean; retry: () => void }) {
  const { t } = useTranslation('security');
  if (!isError) return <Spinner />;
  return (
    <div className={styles.actions}>
      <p className={styles.muted} role="alert">
        {t('loadFailed')}
      </p>
      <Button variant="secondary" onClick={retry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
