import { twoFactorFormSchema, type LoginChallengeData } from '@exchange/contracts';
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

/** The login's third step when a second factor is on: a code, a recovery code or a passkey. */
export function SecondFactorStep(props: { challenge: LoginChallengeData; onBack: () => void }) {
  const { challenge, onBack } = props;
  const navigate = useNavigate();
  const [verify, { isLoading }] = useSecondFactorLoginMutation();
  const passkey = usePasskeyLogin();
  const { register, handleSubmit, setError, formState } = useZodForm(twoFactorFormSchema, {
    defaultValues: { code: '' },
  });
  const takesCode = challenge.methods.includes('totp');

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await verify({ challenge_token: challenge.challenge_token, code }).unwrap();
      storeToken(result.data.access_token);
      toast.success('Login successful');
      navigate(paths.home.getHref());
    } catch (error) {
      const failure = toFailure(error);
      if (isSecondFactorRefusal(failure) && failure.message)
        return setError('code', { message: failure.message });
      toastFailure(error, 'Login failed');
      if (failure.code === 'CHALLENGE_INVALID') onBack();
    }
  });

  return (
    <AuthCard title="Two-Factor Authentication" subtitle="Confirm it is you">
      {takesCode && (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <TwoFactorField autoFocus error={formState.errors.code?.message} {...register('code')} />
          <Button type="submit" block busy={isLoading} disabled={isLoading}>
            {isLoading ? 'Verifying...' : 'Verify'}
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
          Use a Passkey
        </Button>
      )}
      <Button variant="ghost" block onClick={onBack}>
        Back
      </Button>
    </AuthCard>
  );
}
