import { useTranslation } from 'react-i18next';
import { DepositHistoryTable } from '@/features/history/components/deposit-history-table';
import styles from './page.module.css';

/** /deposit-history */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <h1 id="deposit-history-title" className={styles.title}>
        {t('nav.depositHistory')}
      </h1>
      <DepositHistoryTable />
    </div>
  );
}
