import { DepositHistoryTable } from '@/features/history/components/deposit-history-table';
import styles from './page.module.css';

/** /deposit-history */
export function Component() {
  return (
    <div className={styles.page}>
      <h1 id="deposit-history-title" className={styles.title}>
        Deposit History
      </h1>
      <DepositHistoryTable />
    </div>
  );
}
