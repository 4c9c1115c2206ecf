import { resetPasswordFormSchema } from '@exchange/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { RichText } from '@/i18n/rich-text';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { PasswordChecklist } from './password-checklist';

/** Decision D12: a new password under the sign-up rule, authorised by the verified code's token. */
export function ResetPasswordForm({ resetToken }: { resetToken: string | null }) {
  const { t } = useTranslation('auth');
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
      <AuthCard title={t('reset.title')}>
        <p className={styles.notice}>
          <RichText
            text={t('reset.none')}
            parts={{ forgot: (c) => <Link to={paths.login.getHref()}>{c}</Link> }}
          />
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
      toastFailure(error, t('reset.failed'));
    }
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          autoFocus
          error={formState.errors.password?.message}
          hint={<PasswordChecklist password={password} />}
          {...register('password')}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" block busy={isLoading} disabled={isLoading}>
          {isLoading ? t('reset.resetting') : t('reset.title')}
        </Button>
      </form>
    </AuthCard>
  );
}
