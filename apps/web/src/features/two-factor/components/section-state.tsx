import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import styles from './security-section.module.css';

/** A section's loading or error state while GET /security has no answer to show. */
export function SectionState({ isError, retry }: { isError: boolean; retry: () => void }) {
  if (!isError) return <Spinner />;
  return (
    <div className={styles.actions}>
      <p className={styles.muted} role="alert">
        Your security settings could not be loaded.
      </p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
