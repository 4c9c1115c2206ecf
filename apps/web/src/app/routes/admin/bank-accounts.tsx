import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankAccountQueue } from '@/features/admin-reviews/components/bank-account-queue';
import styles from '../page.module.css';

/** /admin/bank-accounts: users' bank accounts waiting for verification. */
export function Component() {
  const { t } = useTranslation('admin-console');
  const { profile } = useProfile();
  return (
    <section className={styles.stack} aria-labelledby="admin-bank-accounts-title">
      <h1 id="admin-bank-accounts-title" className={styles.title}>
        {t('bankAccountsTitle')}
      </h1>
      <BankAccountQueue adminId={profile?.id} />
    </section>
  );
}
