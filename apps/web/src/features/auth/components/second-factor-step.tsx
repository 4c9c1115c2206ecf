import type { LoginChallengeData } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { paths } from '@/config/paths';
import { isSecondFactorRefusal, toFailure, toastFailure } from '@/lib/api-error';
import { storeToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useSecondFactorLoginMutation } from '../api/auth-api';
import { usePasskeyLogin } from '../hooks/use-passkey-login';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

const codeSchema = () => import('../login-schemas').then((m) => m.twoFactorFormSchema);

/** The login's third step when a second factor is on: a code, a recovery code or a passkey. */
export function SecondFactorStep(props: { challenge: LoginChallengeData; onBack: () => void }) {
  const { challenge, onBack } = props;
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [verify, { isLoading }] = useSecondFactorLoginMutation();
  const passkey = usePasskeyLogin();
  const { register, handleSubmit, setError, formState } = useZodForm(codeSchema, {
    defaultValues: { code: '' },
  });
  const takesCode = challenge.methods.includes('totp');

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await verify({ challenge_token: challenge.challenge_token, code }).unwrap();
      storeToken(result.data.access_token);
      toast.success(t('login.success'));
      navigate(paths.home.getHref());
    } catch (error) {
      const failure = toFailure(error);
      if (isSecondFactorRefusal(failure) && failure.message)
        return setError('code', { message: failure.message });
      toastFailure(error, t('login.failed'));
      if (failure.code === 'CHALLENGE_INVALID') onBack();
    }
  });

  return (
    <AuthCard title={t('secondFactor.title')} subtitle={t('secondFactor.subtitle')}>
      {takesCode && (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p>{t('secondFactor.enterCode')}</p>
          <TwoFactorField autoFocus error={formState.errors.code?.message} {...register('code')} />
          <Button type="submit" block busy={isLoading} disabled={isLoading}>
            {isLoading ? t('code.verifying') : t('code.verify')}
          </Button>
        </form>
      )}
      {challenge.methods.includes('passkey') && (
        <Button
          variant={takesCode ? 'secondary' : 'primary'}
          block
          busy={passkey.busy}
          disabled={passkey.busy}
          onClick={() => void passkey.logIn()}
        >
          {t('secondFactor.usePasskey')}
        </Button>
      )}
      <Button variant="ghost" block onClick={onBack}>
        {t('code.back')}
      </Button>
    </AuthCard>
  );
}
