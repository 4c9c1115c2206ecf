import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankAccountQueue } from '@/features/admin-reviews/components/bank-account-queue';
import { BankValidationUpload } from '@/features/admin-reviews/components/bank-validation-upload';
import { factorsOf, NO_SECOND_FACTOR } from '@/features/admin-reviews/hooks/use-money-decision';
import styles from '../page.module.css';

/**
 * /admin/bank-accounts: the bank's validation results (penny drop) go up first; then users' bank
 * accounts the bank validated in the identity's name are verified.
 */
export function Component() {
  const { t } = useTranslation('admin-console');
  const { profile } = useProfile();
  return (
    <section className={styles.stack} aria-labelledby="admin-bank-accounts-title">
      <h1 id="admin-bank-accounts-title" className={styles.title}>
        {t('bankAccountsTitle')}
      </h1>
      <BankValidationUpload factors={factorsOf(profile) ?? NO_SECOND_FACTOR} />
      <BankAccountQueue adminId={profile?.id} />
    </section>
  );
}
