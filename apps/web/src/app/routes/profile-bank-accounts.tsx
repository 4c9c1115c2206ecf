import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { BankAccountList } from '@/features/rupees/components/bank-account-list';
import layout from '@/features/rupees/components/rupees.module.css';
import styles from './page.module.css';

// The form's validation (the contracts' schemas) loads after the list, off the first paint.
const BankAccountForm = lazy(() =>
  import('@/features/rupees/components/bank-account-form').then((m) => ({
    default: m.BankAccountForm,
  })),
);

/** /profile/bank-accounts: the accounts rupees come from and go to, verified by an admin. */
export function Component() {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <section className={styles.stack} aria-labelledby="bank-accounts-title">
      <h1 id="bank-accounts-title" className={styles.title}>
        {t('nav.bankAccounts')}
      </h1>
      <div className={layout.layout}>
        <Suspense fallback={<Spinner />}>
          <BankAccountForm identityName={name} />
        </Suspense>
        <BankAccountList />
      </div>
    </section>
  );
}
