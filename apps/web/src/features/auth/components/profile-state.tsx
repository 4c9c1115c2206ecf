import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import styles from './profile-summary.module.css';

/** What a profile screen shows until the profile arrives: a spinner, or the failure and a retry. */
export function ProfileState({ isError, retry }: { isError: boolean; retry: () => void }) {
  if (!isError) return <Spinner label="Loading your profile" />;
  return (
    <div className={styles.state} role="alert">
      <p>Your profile could not be loaded.</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
