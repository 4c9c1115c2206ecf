import { DepositHistoryTable } from '@/features/history/components/deposit-history-table';
import styles from './page.module.css';

/** /deposit-history */
export function Component() {
  return (
    <section className={styles.page} aria-labelledby="deposit-history-title">
      <h1 id="deposit-history-title" className={styles.title}>
        Deposit History
      </h1>
      <DepositHistoryTable />
    </section>
  );
}
