import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankAccountForm } from '@/features/rupees/components/bank-account-form';
import { BankAccountList } from '@/features/rupees/components/bank-account-list';
import layout from '@/features/rupees/components/rupees.module.css';
import styles from './page.module.css';

/** /profile/bank-accounts: the accounts rupees come from and go to, verified by an admin. */
export function Component() {
  const { profile } = useProfile();
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <section className={styles.stack} aria-labelledby="bank-accounts-title">
      <h1 id="bank-accounts-title" className={styles.title}>
        Bank Accounts
      </h1>
      <div className={layout.layout}>
        <BankAccountForm identityName={name} />
        <BankAccountList />
      </div>
    </section>
  );
}
