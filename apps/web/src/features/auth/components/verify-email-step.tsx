import { otpFormSchema } from '@exchange/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { toFailure, toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useResendOtpMutation, useValidateOtpMutation } from '../api/auth-api';
import { nextAfterCode } from '../next-after-code';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

interface VerifyEmailStepProps {
  email: string;
  /** Registered before but never verified: no code went out yet, so send one on entry. */
  sendOnEntry: boolean;
  onBack: () => void;
}

/** Spec section 2: the Verify Your Email step of sign-up. */
export function VerifyEmailStep({ email, sendOnEntry, onBack }: VerifyEmailStepProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [validate, { isLoading: isVerifying }] = useValidateOtpMutation();
  const [resend, { isLoading: isResending }] = useResendOtpMutation();
  const form = useZodForm(otpFormSchema, {
    defaultValues: { otp: '' },
  });
  const { register, handleSubmit, formState } = form;

  // Sign-up's resend texts (spec section 8): the response's message, else "Failed to resend code".
  const sendCode = async (automatic = false) => {
    try {
      const result = await resend({ email, otp_for: 'registration' }).unwrap();
      toast.success(result.message);
    } catch (error) {
      const failure = toFailure(error);
      // Registered again within seconds: the code mailed then is still good, and the user asked
      // for nothing, so "Please wait 7s" would only contradict "Verify your email".
      if (automatic && failure.code === 'OTP_COOLDOWN') return;
      toast.error(
        failure.exception ? t('code.resendFailed') : (failure.message ?? t('code.resendFailed')),
      );
    }
  };

  const sentOnEntry = useRef(false);
  useEffect(() => {
    if (!sendOnEntry || sentOnEntry.current) return;
    sentOnEntry.current = true;
    void sendCode(true);
    // Once per entry into the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sendOnEntry]);

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const result = await validate({ email, otp, otp_for: 'registration' }).unwrap();
      const next = nextAfterCode('registration', result);
      toast.success(next.toast);
      navigate(next.to, { state: next.state });
    } catch (error) {
      toastFailure(error, t('code.failed'));
    }
  });

  return (
    <AuthCard title={t('code.verifyEmailTitle')} subtitle={t('code.sentTo', { email })}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <CodeField
          error={formState.errors.otp?.message}
          trailing={
            <Button variant="ghost" onClick={() => void sendCode()} disabled={isResending}>
              {t('code.resend')}
            </Button>
          }
          {...register('otp')}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onBack}>
            {t('code.back')}
          </Button>
          <Button type="submit" busy={isVerifying} disabled={isVerifying}>
            {isVerifying ? t('code.verifying') : t('code.verify')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
