import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import styles from './security-section.module.css';

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast.success('Recovery codes copied');
  } catch {
    toast.error('Could not copy: select the codes and copy them by hand');
  }
}

/** The ten recovery codes, shown once: the user copies them somewhere safe. */
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
      <Button variant="secondary" block onClick={() => void copyCodes(codes)}>
        Copy codes
      </Button>
      <Button block onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
