import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '@/i18n/use-message';
import { dismissToast, toastStore } from '@/lib/toast';
import styles from './toaster.module.css';

/** Toasts at the bottom-right (spec section 8). */
export function Toaster() {
  const { t: tr } = useTranslation('common', { useSuspense: false });
  const message = useMessage();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <div className={styles.region} aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`${styles.toast} ${styles[t.kind]}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className={styles.body}>
            <strong>{message(t.title)}</strong>
            {t.message && <span>{message(t.message)}</span>}
            {t.link && (
              <a className={styles.link} href={t.link.href}>
                {t.link.label}
              </a>
            )}
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label={tr('close')}
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
