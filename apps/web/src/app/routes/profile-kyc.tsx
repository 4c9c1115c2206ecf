import { useTranslation } from 'react-i18next';
import { ProfileState } from '@/features/auth/components/profile-state';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { KycStatusCard } from '@/features/kyc/components/kyc-status-card';
import styles from './page.module.css';

/** /profile/kyc: the card for the user's verification status (decision D4). */
export function Component() {
  const { t } = useTranslation();
  const { profile, isError, retry } = useProfile();
  return (
    <section aria-labelledby="kyc-page-title">
      <h1 id="kyc-page-title" className={styles.title}>
        {t('nav.identityVerification')}
      </h1>
      {profile ? (
        <KycStatusCard
          status={profile.verification_request_status}
          rejectionReason={profile.verification_rejection_reason}
        />
      ) : (
        <ProfileState isError={isError} retry={retry} />
      )}
    </section>
  );
}
