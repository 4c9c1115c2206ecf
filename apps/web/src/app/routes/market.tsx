import { MarketCards } from '@/features/market/components/market-cards';
import { MarketsTable } from '@/features/market/components/markets-table';
import styles from './page.module.css';

/** /market: Markets Overview. */
export function Component() {
  return (
    <section className={styles.page} aria-labelledby="market-title">
      <h1 id="market-title" className={styles.title}>
        Markets Overview
      </h1>
      <MarketCards />
      <MarketsTable />
    </section>
  );
}
