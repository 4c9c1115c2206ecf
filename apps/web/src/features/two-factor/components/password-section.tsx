import { changePasswordFormSchema } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useChangePasswordMutation, useGetSecurityQuery } from '../api/security-api';
import { SectionState } from './section-state';
import styles from './security-section.module.css';

const EMPTY = { current_password: '', password: '', confirmPassword: '', two_factor_code: '' };

/**
 * A new password while signed in: the current one, the new one twice, and the second factor (the
 * app's code, or a passkey when the account has passkeys only). Other sessions end and
 * withdrawals wait out the cooling-off period.
 */
export function PasswordSection() {
  const { t } = useTranslation('security');
  const status = useGetSecurityQuery(undefined);
  const [change, changing] = useChangePasswordMutation();
  const passkey = usePasskeyStepUp();
  const { register, handleSubmit, reset, formState } = useZodForm(changePasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const totp = status.data?.totp_enabled ?? false;
  const passkeysOnly = !totp && (status.data?.passkeys.some((p) => !p.suspended) ?? false);

  const onSubmit = handleSubmit(async (form) => {
    try {
      const proof = passkeysOnly
        ? { passkey_response: await passkey.confirm() }
        : { two_factor_code: form.two_factor_code.trim() || undefined };
      const result = await change({
        current_password: form.current_password,
        password: form.password,
        ...proof,
      }).unwrap();
      toast.success(result.message);
      reset(EMPTY);
    } catch (error) {
      if (error instanceof PasskeyCancelled) toast.error(error.message);
      else toastFailure(error, t('password.failed'));
    }
  });
  const busy = changing.isLoading || passkey.busy;

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title">{t('password.title')}</h2>
      <p className={styles.muted}>{t('password.intro')}</p>
      {!status.data ? (
        <SectionState isError={status.isError} retry={() => void status.refetch()} />
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            error={formState.errors.current_password?.message}
            {...register('current_password')}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label={t('password.confirmNew')}
            autoComplete="new-password"
            error={formState.errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          {totp && <TwoFactorField {...register('two_factor_code')} />}
          <div className={styles.actions}>
            <Button type="submit" busy={busy} disabled={busy}>
              {t('password.change')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
