import { otpFormSchema, type OtpPurpose } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { RESEND_COUNTDOWN_SECONDS } from '@/config/constants';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { getRegistrationEmail } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { RichText } from '@/i18n/rich-text';
import { useResendOtpMutation, useValidateOtpMutation } from '../api/auth-api';
import { useCountdown } from '../hooks/use-countdown';
import { nextAfterCode } from '../next-after-code';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

/** The server knows two purposes; any other `type` verifies like a registration code. */
const purposeOf = (type: string): OtpPurpose =>
  type === 'password_reset' ? 'password_reset' : 'registration';

export function SecurityVerificationForm({ type }: { type: string }) {
  const { t } = useTranslation('auth');
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
      <AuthCard title={t('code.securityTitle')}>
        <p className={styles.notice}>
          <RichText
            text={t('code.noneWaiting')}
            parts={{
              signup: (c) => <Link to={paths.signUp.getHref()}>{c}</Link>,
              login: (c) => <Link to={paths.login.getHref()}>{c}</Link>,
            }}
          />
        </p>
      </AuthCard>
    );
  }

  const onResend = async () => {
    restart();
    try {
      await resend({ email, otp_for: purposeOf(type) }).unwrap();
      toast.success(t('code.sent'));
    } catch (error) {
      toastFailure(error, t('code.sendFailed'), t('code.resendFailed'));
    }
  };

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const result = await validate({ email, otp, otp_for: purposeOf(type) }).unwrap();
      const next = nextAfterCode(type, result);
      toast.success(next.toast);
      navigate(next.to, { replace: true, state: next.state });
    } catch (error) {
      toastFailure(error, t('code.failed'));
    }
  });

  return (
    <AuthCard title={t('code.securityTitle')} subtitle={t('code.sentTo', { email })}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <CodeField
          error={formState.errors.otp?.message}
          trailing={
            <Button variant="ghost" onClick={onResend} disabled={left > 0} aria-live="polite">
              {left > 0 ? t('code.seconds', { count: left }) : t('code.send')}
            </Button>
          }
          {...register('otp')}
        />
        <p className={styles.inert}>{t('code.notReceived')}</p>
        <Button type="submit" block busy={isVerifying} disabled={isVerifying}>
          {isVerifying ? t('code.verifying') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
