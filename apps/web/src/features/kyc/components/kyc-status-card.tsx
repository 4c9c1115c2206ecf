import type { VerificationRequestStatus } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RichText } from '@/i18n/rich-text';
import styles from './kyc-status-card.module.css';

interface KycStatusCardProps {
  status: VerificationRequestStatus;
  rejectionReason: string | null;
}

const ContinueVerification = () => {
  const { t } = useTranslation('kyc');
  return (
    <Link className={styles.continue} to={paths.kycVerification.getHref()}>
      {t('status.continue')}
    </Link>
  );
};

/** /profile/kyc, decision D4: one card per verification status. */
export function KycStatusCard({ status, rejectionReason }: KycStatusCardProps) {
  const { t } = useTranslation('kyc');
  if (status === 'approved') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.ok}`} aria-hidden="true">
          ✓
        </span>
        <h2 id="kyc-status">{t('status.verified')}</h2>
        <p>{t('status.verifiedText')}</p>
        <p className={styles.note}>{t('status.privacy')}</p>
      </section>
    );
  }
  if (status === 'pending_identity') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.wait}`} aria-hidden="true">
          …
        </span>
        <h2 id="kyc-status">{t('status.review')}</h2>
        <p>{t('status.reviewText')}</p>
      </section>
    );
  }
  if (status === 'rejected') {
    return (
      <section className={styles.card} aria-labelledby="kyc-status">
        <span className={`${styles.badge} ${styles.bad}`} aria-hidden="true">
          !
        </span>
        <h2 id="kyc-status">{t('status.rejected')}</h2>
        <p>
          {rejectionReason ? (
            <RichText
              text={t('status.rejectedBecause', { reason: rejectionReason })}
              parts={{ strong: (c) => <strong>{c}</strong> }}
            />
          ) : (
            t('status.rejectedText')
          )}
        </p>
        <p>{t('status.again')}</p>
        <ContinueVerification />
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="kyc-status">
      <h2 id="kyc-status">{t('status.standard')}</h2>
      <p>{t('status.minutes')}</p>
      <p className={styles.unlock}>{t('status.unlock')}</p>
      <ContinueVerification />
      <p className={styles.note}>{t('encrypted')}</p>
    </section>
  );
}
