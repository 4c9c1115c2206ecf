import type { LoginChallengeData } from '@exchange/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { toFailure, toastFailure } from '@/lib/api-error';
import { storeRegistrationEmail, storeToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useForgotPasswordMutation, useLoginMutation, useResendOtpMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { SecondFactorStep } from './second-factor-step';
import { SocialLogin } from './social-login';

type Step = 'email' | 'password';

// The schemas load beside the form, not before it (lib/use-zod-form.ts).
const emailSchema = () => import('../login-schemas').then((m) => m.loginEmailFormSchema);
const loginSchema = () => import('../login-schemas').then((m) => m.loginRequestSchema);

/**
 * Spec section 2, Login: email first, then the password once the email validates; with a second
 * factor on, its code third.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const [challenge, setChallenge] = useState<LoginChallengeData | null>(null);
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [forgot, { isLoading: isSendingReset }] = useForgotPasswordMutation();
  const [resendOtp] = useResendOtpMutation();
  // The password is validated only once its step is shown.
  const form = useZodForm(step === 'email' ? emailSchema : loginSchema, {
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit, control, trigger, getValues, formState } = form;
  const emailBlank = useWatch({ control, name: 'email' }).trim() === '';

  const onSubmit = handleSubmit(async (values) => {
    if (step === 'email') return setStep('password');
    try {
      const { data } = await login(values).unwrap();
      // A second factor is on: its step comes third.
      if ('challenge_token' in data) return setChallenge(data);
      storeToken(data.access_token);
      toast.success(t('login.success'));
      navigate(paths.home.getHref());
    } catch (error) {
      const failure = toFailure(error);
      if (failure.code === 'EMAIL_NOT_VERIFIED') {
        // The account exists but never verified its email: send a code and ask for it.
        storeRegistrationEmail(values.email);
        toast.warning(failure.message ?? t('login.verifyFirst'));
        await resendOtp({ email: values.email, otp_for: 'registration' }).catch(() => undefined);
        navigate(paths.verification.getHref('registration'));
        return;
      }
      toastFailure(error, t('login.failed'));
    }
  });

  // Decision D12: the code goes to the email typed in step 1.
  const onForgotPassword = async () => {
    if (!(await trigger('email'))) return;
    const email = (await loginSchema()).shape.email.parse(getValues('email'));
    try {
      const result = await forgot({ email }).unwrap();
      storeRegistrationEmail(email);
      toast.success(result.message);
      navigate(paths.verification.getHref('password_reset'));
    } catch (error) {
      toastFailure(error, t('common:somethingWentWrong'));
    }
  };

  if (challenge)
    return <SecondFactorStep challenge={challenge} onBack={() => setChallenge(null)} />;

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={step === 'email' ? t('login.welcomeBack') : getValues('email')}
      footer={
        <>
          {t('login.noAccount')} <Link to={paths.signUp.getHref()}>{t('login.signUpNow')}</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label={t('login.emailOrPhone')}
          type="email"
          autoComplete="username"
          readOnly={step === 'password'}
          error={formState.errors.email?.message}
          trailing={
            step === 'password' ? (
              <Button variant="ghost" onClick={() => setStep('email')}>
                {t('login.edit')}
              </Button>
            ) : undefined
          }
          {...register('email')}
        />
        {step === 'password' && (
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            autoFocus
            error={formState.errors.password?.message}
            {...register('password')}
          />
        )}
        <Button type="submit" block busy={isLoading} disabled={emailBlank || isLoading}>
          {step === 'email'
            ? t('login.next')
            : isLoading
              ? t('login.loggingIn')
              : t('login.submit')}
        </Button>
        <Button
          variant="ghost"
          className={styles.forgot}
          onClick={onForgotPassword}
          disabled={isSendingReset}
        >
          {t('login.forgotPassword')}
        </Button>
      </form>
      <SocialLogin />
    </AuthCard>
  );
}
