import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { Spinner } from './spinner';

/**
 * Holds dialogs whose code loads on first use (React.lazy), so a page does not pay for them on
 * its first visit: nothing until `open` is first true, then the dialogs, kept mounted from then
 * on so they close as any dialog does and hand focus back. While their code loads, the screen
 * dims as under a dialog, with a spinner: the click that opens one always answers.
 */
export function DialogLoader({ open, children }: { open: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense
      fallback={
        <div className={`${styles.overlay} ${styles.loading}`}>
          <Spinner label={t('ui.opening')} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
