import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { TopBar } from './top-bar';
import styles from './root-layout.module.css';

const MAIN_ID = 'main';

/** Every page but the standalone chart: the top bar, then the screen in `main`. */
export function RootLayout() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.shell}>
      {/* The first Tab of every page: past the top bar to the screen (WCAG 2.4.1). */}
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(e) => {
          // Focus moves without the router seeing a new address.
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('nav.skipToMain')}
      </a>
      <TopBar />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {/* A screen's texts may still be on their way (its catalog's chunk). */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
