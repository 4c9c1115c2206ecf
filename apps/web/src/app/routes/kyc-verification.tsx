import { KycVerificationFlow } from '@/features/kyc/components/kyc-verification-flow';
import styles from './page.module.css';

/** /kyc-verification: Aadhaar, then PAN. */
export function Component() {
  return (
    <div className={styles.page}>
      <KycVerificationFlow />
    </div>
  );
}
