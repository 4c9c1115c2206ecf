import { useTranslation } from 'react-i18next';
import { DepositQueue } from '@/features/admin-reviews/components/deposit-queue';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { factorsOf } from '@/features/admin-reviews/hooks/use-money-decision';
import styles from '../page.module.css';

/** /admin/deposits: deposit claims to confirm or reject. */
export function Component() {
  const { t } = useTranslation('admin-console');
  const { profile } = useProfile();
  return (
    <div>
      <h1 id="admin-deposits-title" className={styles.title}>
        {t('nav.deposits')}
      </h1>
      <DepositQueue adminId={profile?.id} factors={factorsOf(profile)} />
    </div>
  );
}
