import type { CreatedApiKeyDto } from '@exchange/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/lib/toast';
import styles from './api-keys.module.css';

type What = 'apiKey' | 'secret';

async function copy(text: string, what: What) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18n.t(`api-keys:secret.copied.${what}`));
  } catch {
    toast.error(i18n.t(`api-keys:secret.copyFailed.${what}`));
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
  const { t } = useTranslation('api-keys');
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('secret.title')}
      description={t('secret.description')}
      returnFocus={returnFocus}
    >
      {created && (
        <div className={styles.secret}>
          {(
            [
              ['apiKey', created.api_key],
              ['secret', created.secret],
            ] as const
          ).map(([what, value]) => (
            <div key={what} className={styles.secretRow}>
              <span className={styles.secretLabel}>{t(`secret.name.${what}`)}</span>
              <code data-testid={what === 'secret' ? 'api-secret' : 'api-key'}>{value}</code>
              <Button variant="secondary" onClick={() => void copy(value, what)}>
                {t(`secret.copy.${what}`)}
              </Button>
            </div>
          ))}
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </div>
      )}
    </Dialog>
  );
}
