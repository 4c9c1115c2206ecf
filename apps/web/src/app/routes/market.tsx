import { useTranslation } from 'react-i18next';
import { MarketCards } from '@/features/market/components/market-cards';
import { MarketsTable } from '@/features/market/components/markets-table';
import styles from './page.module.css';

/** /market: Markets Overview. */
export function Component() {
  const { t } = useTranslation('market');
  return (
    <section className={styles.page} aria-labelledby="market-title">
      <h1 id="market-title" className={styles.title}>
        {t('overview.title')}
      </h1>
      <MarketCards />
      <MarketsTable />
    </section>
  );
}
