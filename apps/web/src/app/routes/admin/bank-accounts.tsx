import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankAccountQueue } from '@/features/admin-rupees/components/bank-account-queue';
import styles from '../page.module.css';

/** /admin/bank-accounts: users' bank accounts waiting for verification. */
export function Component() {
  const { profile } = useProfile();
  return (
    <section className={styles.stack} aria-labelledby="admin-bank-accounts-title">
      <h1 id="admin-bank-accounts-title" className={styles.title}>
        Bank accounts
      </h1>
      <BankAccountQueue adminId={profile?.id} />
    </section>
  );
}
