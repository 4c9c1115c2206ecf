import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankPayouts } from '@/features/admin-rupees/components/bank-payouts';
import { CreditQueue } from '@/features/admin-rupees/components/credit-queue';
import { StatementUpload } from '@/features/admin-rupees/components/statement-upload';
import styles from '../page.module.css';

/** /admin/rupees: the collection account's statements and credits, and the bank's payouts. */
export function Component() {
  const { profile } = useProfile();
  const askCode = profile?.two_factor_enabled ?? false;
  return (
    <section className={styles.stack} aria-labelledby="admin-rupees-title">
      <h1 id="admin-rupees-title" className={styles.title}>
        Rupees
      </h1>
      <StatementUpload askCode={askCode} />
      <CreditQueue askCode={askCode} />
      <BankPayouts />
    </section>
  );
}
