import { useTranslation } from 'react-i18next';
import { MarketsView } from '@/features/admin-markets/components/markets-view';
import styles from '../page.module.css';

/** /admin/markets: tokens and pairs; add, halt, resume, change fees. */
export function Component() {
  const { t } = useTranslation('admin-console');
  return (
    <section aria-labelledby="admin-markets-title" className={styles.stack}>
      <h1 id="admin-markets-title" className={styles.title}>
        {t('nav.markets')}
      </h1>
      <MarketsView />
    </section>
  );
}
