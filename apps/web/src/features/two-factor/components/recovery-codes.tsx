import { Button } from '@/components/ui/button';
import styles from './security-section.module.css';

/** The ten recovery codes, shown once: the user keeps them somewhere safe. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.form}>
      <p>
        Keep these recovery codes somewhere safe. Each works once, in place of a code from your app,
        if you lose your phone. They are shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button block onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
