import { useTranslation } from 'react-i18next';
import { WithdrawHistoryTable } from '@/features/history/components/withdraw-history-table';
import styles from './page.module.css';

/** /withdraw-history */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <h1 id="withdraw-history-title" className={styles.title}>
        {t('nav.withdrawHistory')}
      </h1>
      <WithdrawHistoryTable />
    </div>
  );
}
