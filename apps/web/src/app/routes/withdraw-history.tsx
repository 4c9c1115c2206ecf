import { WithdrawHistoryTable } from '@/features/history/components/withdraw-history-table';
import styles from './page.module.css';

/** /withdraw-history */
export function Component() {
  return (
    <div className={styles.page}>
      <h1 id="withdraw-history-title" className={styles.title}>
        Withdraw History
      </h1>
      <WithdrawHistoryTable />
    </div>
  );
}
