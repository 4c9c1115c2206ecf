import { useTranslation } from 'react-i18next';
import { WithdrawalQueue } from '@/features/admin-reviews/components/withdrawal-queue';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { factorsOf } from '@/features/admin-reviews/hooks/use-money-decision';
import styles from '../page.module.css';

/** /admin/withdrawals: withdrawals to pay out or reject. */
export function Component() {
  const { t } = useTranslation('admin-console');
  const { profile } = useProfile();
  return (
    <div>
      <h1 id="admin-withdrawals-title" className={styles.title}>
        {t('nav.withdrawals')}
      </h1>
      <WithdrawalQueue adminId={profile?.id} factors={factorsOf(profile)} />
    </div>
  );
}
