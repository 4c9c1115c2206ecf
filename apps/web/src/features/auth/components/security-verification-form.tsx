import { otpFormSchema, type OtpPurpose } from '@exchange/contracts';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { RESEND_COUNTDOWN_SECONDS } from '@/config/constants';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { getRegistrationEmail } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useResendOtpMutation, useValidateOtpMutation } from '../api/auth-api';
import { useCountdown } from '../hooks/use-countdown';
import { nextAfterCode } from '../next-after-code';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

/** The server knows two purposes; any other `type` verifies like a registration code. */
const purposeOf = (type: string): OtpPurpose =>
  type === 'password_reset' ? 'password_reset' : 'registration';

export function SecurityVerificationForm({ type }: { type: string }) {
  const email = getRegistrationEmail();
  const navigate = useNavigate();
  const { left, restart } = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const [validate, { isLoading: isVerifying }] = useValidateOtpMutation();
  const [resend] = useResendOtpMutation();
  const form = useZodForm(otpFormSchema, {
    defaultValues: { otp: '' },
  });
  const { register, handleSubmit, formState } = form;

  if (!email) {
    return (
      <AuthCard title="Security Verification">
        <p className={styles.notice}>
          There is no code waiting for this browser.{' '}
          <Link to={paths.signUp.getHref()}>Sign up</Link> or{' '}
          <Link to={paths.login.getHref()}>log in</Link> to get one.
        </p>
      </AuthCard>
    );
  }

  const onResend = async () => {
    restart();
    try {
      await resend({ email, otp_for: purposeOf(type) }).unwrap();
      toast.success('Otp send successfully');
    } catch (error) {
      toastFailure(error, 'Otp failed to send', 'Failed to resend code');
    }
  };

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const result = await validate({ email, otp, otp_for: purposeOf(type) }).unwrap();
      const next = nextAfterCode(type, result);
      toast.success(next.toast);
      navigate(next.to, { replace: true, state: next.state });
    } catch (error) {
      toastFailure(error, 'Verification failed');
    }
  });

  return (
    <AuthCard title="Security Verification" subtitle={<>Enter the code sent to {email}</>}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <CodeField
          error={formState.errors.otp?.message}
          trailing={
            <Button variant="ghost" onClick={onResend} disabled={left > 0} aria-live="polite">
              {left > 0 ? `${left}s` : 'Send'}
            </Button>
          }
          {...register('otp')}
        />
        <p className={styles.inert}>Didn&apos;t receive the verification code?</p>
        <Button type="submit" block busy={isVerifying} disabled={isVerifying}>
          {isVerifying ? 'Verifying...' : 'Submit'}
        </Button>
      </form>
    </AuthCard>
  );
}
