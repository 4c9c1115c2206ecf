import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationRequired } from '@/components/ui/verification-required';
import { useProfile } from '@/features/auth/hooks/use-profile';
import styles from '../page.module.css';

/**
 * A wallet screen's frame: its title and, until identity is approved, the notice that deposits
 * and withdrawals need it (decision D18), with the link to Identity Verification.
 */
export function WalletPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('wallets');
  const { profile } = useProfile();
  const approved = profile?.verification_request_status === 'approved';
  return (
    <div className={styles.stack}>
      <h1 id="wallet-title" className={styles.title}>
        {title}
      </h1>
      {profile && !approved && <VerificationRequired message={t('pages.verify')} />}
      {children}
    </div>
  );
}
