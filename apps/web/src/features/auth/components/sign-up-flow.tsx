import { useState } from 'react';
import { storeRegistrationEmail } from '@/lib/session';
import { RegisterForm } from './register-form';
import styles from './sign-up-flow.module.css';
import { SignupPromo, type PromoFacts } from './signup-promo';
import { VerifyEmailStep } from './verify-email-step';

type Step = { name: 'register' } | { name: 'verify'; email: string; sendOnEntry: boolean };

/**
 * /crypto-signup: the register form, then the verify step; Back keeps what was typed. Beside
 * them the panel with the exchange's real figures (the route reads them).
 */
export function SignUpFlow({ facts }: { facts: PromoFacts }) {
  const [step, setStep] = useState<Step>({ name: 'register' });
  return (
    <div className={styles.layout}>
      <SignupPromo facts={facts} />
      <div className={styles.main}>
        <RegisterForm
          hidden={step.name !== 'register'}
          onRegistered={(email, pending) => {
            storeRegistrationEmail(email);
            setStep({ name: 'verify', email, sendOnEntry: pending });
          }}
        />
        {step.name === 'verify' && (
          <VerifyEmailStep
            email={step.email}
            sendOnEntry={step.sendOnEntry}
            onBack={() => setStep({ name: 'register' })}
          />
        )}
      </div>
    </div>
  );
}
