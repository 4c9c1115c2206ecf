import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankPayouts } from '@/features/admin-reviews/components/bank-payouts';
import { CreditQueue } from '@/features/admin-reviews/components/credit-queue';
import { SecondFactorNotice } from '@/features/admin-reviews/components/second-factor-notice';
import { StatementUpload } from '@/features/admin-reviews/components/statement-upload';
import { factorsOf, NO_SECOND_FACTOR } from '@/features/admin-reviews/hooks/use-money-decision';
import styles from '../page.module.css';

/** /admin/rupees: the collection account's statements and credits, and the bank's payouts. */
export function Component() {
  const { t } = useTranslation('admin-console');
  const { profile } = useProfile();
  const factors = factorsOf(profile);
  return (
    <section className={styles.stack} aria-labelledby="admin-rupees-title">
      <h1 id="admin-rupees-title" className={styles.title}>
        {t('rupeesTitle')}
      </h1>
      {factors && !factors.code && !factors.passkey && <SecondFactorNotice />}
      <StatementUpload factors={factors ?? NO_SECOND_FACTOR} />
      <CreditQueue factors={factors ?? NO_SECOND_FACTOR} />
      <BankPayouts />
    </section>
  );
}
