import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AadhaarStep, type AadhaarResult } from './aadhaar-step';
import { PanStep } from './pan-step';
import styles from './kyc-steps.module.css';

/** /kyc-verification: Aadhaar first, then PAN (spec section 2, KYC verification screen). */
export function KycVerificationFlow() {
  const { t } = useTranslation('kyc');
  const [aadhaar, setAadhaar] = useState<AadhaarResult | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  return (
    <section className={styles.card} aria-labelledby="kyc-title">
      <h1 id="kyc-title" className={styles.title}>
        {t('common:nav.identityVerification')}
      </h1>
      <ol className={styles.steps} aria-label={t('steps')}>
        <li aria-current={step === 1 ? 'step' : undefined}>{t('stepAadhaar')}</li>
        <li aria-current={step === 2 ? 'step' : undefined}>{t('stepPan')}</li>
      </ol>
      {step === 2 && aadhaar ? (
        <PanStep aadhaar={aadhaar} onBack={() => setStep(1)} />
      ) : (
        <AadhaarStep
          initial={aadhaar?.input}
          onDone={(result) => {
            setAadhaar(result);
            setStep(2);
          }}
        />
      )}
      <p className={styles.note}>{t('encrypted')}</p>
    </section>
  );
}
