import { resetPasswordFormSchema } from '@exchange/contracts';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { PasswordChecklist } from './password-checklist';

/** Decision D12: a new password under the sign-up rule, authorised by the verified code's token. */
export function ResetPasswordForm({ resetToken }: { resetToken: string | null }) {
  const navigate = useNavigate();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const form = useZodForm(resetPasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const password = useWatch({ control, name: 'password' });

  if (!resetToken) {
    return (
      <AuthCard title="Reset Password">
        <p className={styles.notice}>
          No password reset in progress. Use{' '}
          <Link to={paths.login.getHref()}>Forgot password?</Link> on the login screen to get a
          code.
        </p>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const result = await reset({ reset_token: resetToken, password }).unwrap();
      toast.success(result.message);
      navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      toastFailure(error, 'Password reset failed');
    }
  });

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Choose a new password. Every device will be logged out."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          error={formState.errors.password?.message}
          hint={<PasswordChecklist password={password} />}
          {...register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" block busy={isLoading} disabled={isLoading}>
          {isLoading ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
