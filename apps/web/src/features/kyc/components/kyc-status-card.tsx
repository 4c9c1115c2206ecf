import type { VerificationRequestStatus } from '@exchange/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './kyc-status-card.module.css';

interface KycStatusCardProps {
  status: VerificationRequestStatus;
  rejectionReason: string | null;
}

const ContinueVerification = () => (
  <Link className={styles.continue} to={paths.kycVerification.getHref()}>
    Continue Verification
  </Link>
);

/** /profile/kyc, decision D4: one card per verification status. */
export function KycStatusCard({ status, rejectionReason }: KycStatusCardProps) {
  if (status === 'approved') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.ok}`} aria-hidden="true">
          ✓
        </span>
        <h2 id="kyc-status">Identity Verified</h2>
        <p>Your identity has been successfully verified</p>
        <p className={styles.note}>
          Your documents are handled under our privacy policy. If any of your details change,
          contact support.
        </p>
      </section>
    );
  }
  if (status === 'pending_identity') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.wait}`} aria-hidden="true">
          …
        </span>
        <h2 id="kyc-status">Verification Under Review</h2>
        <p>
          We received your Aadhaar and PAN. Our team is reviewing them; deposits and trading open
          once they are approved.
        </p>
      </section>
    );
  }
  if (status === 'rejected') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.bad}`} aria-hidden="true">
          !
        </span>
        <h2 id="kyc-status">Verification Rejected</h2>
        <p>
          Your identity verification was not approved
          {rejectionReason ? (
            <>
              : <strong>{rejectionReason}</strong>
            </>
          ) : (
            '.'
          )}
        </p>
        <p>Please check your documents and submit them again.</p>
        <ContinueVerification />
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="kyc-status">
      <h2 id="kyc-status">Standard Identity Verification</h2>
      <p>It only takes 3–5 minutes to verify your account.</p>
      <p className={styles.unlock}>Complete to unlock deposit and trading permissions</p>
      <ContinueVerification />
      <p className={styles.note}>
        Your information is encrypted and used only to verify your identity.
      </p>
    </section>
  );
}
