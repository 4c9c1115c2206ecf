import type { CreatedApiKeyDto } from '@exchange/contracts';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import styles from './api-keys.module.css';

/** `what` as it reads inside a sentence: "API key" keeps its capitals, "Secret" does not. */
const inSentence = (what: string) => (what === 'Secret' ? 'secret' : what);

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy: select the ${inSentence(what)} and copy it by hand`);
  }
}

/** The new key and its secret, shown this once with copy buttons. */
export function ApiKeySecretDialog({
  created,
  onClose,
  returnFocus,
}: {
  created: CreatedApiKeyDto | null;
  onClose: () => void;
  /** Where focus goes on closing when nothing had it on opening. */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title="API key created"
      description="Copy the secret now: it is not shown again."
      returnFocus={returnFocus}
    >
      {created && (
        <div className={styles.secret}>
          {(
            [
              ['API key', created.api_key],
              ['Secret', created.secret],
            ] as const
          ).map(([what, value]) => (
            <div key={what} className={styles.secretRow}>
              <span className={styles.secretLabel}>{what}</span>
              <code data-testid={what === 'Secret' ? 'api-secret' : 'api-key'}>{value}</code>
              <Button variant="secondary" onClick={() => void copy(value, what)}>
                Copy {inSentence(what)}
              </Button>
            </div>
          ))}
          <Button onClick={onClose}>Done</Button>
        </div>
      )}
    </Dialog>
  );
}
