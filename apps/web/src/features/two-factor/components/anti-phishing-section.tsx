import { antiPhishingSchema } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import {
  useGetAntiPhishingCodeQuery,
  useGetSecurityQuery,
  useSetAntiPhishingCodeMutation,
} from '../api/security-api';
import { SectionState } from './section-state';
import styles from './security-section.module.css';

const formSchema = antiPhishingSchema.pick({ code: true });

/**
 * The anti-phishing code (issue 35 item 4): every mail we send opens with it, so a mail without
 * it is not ours. Setting, changing or clearing it asks the second factor.
 */
export function AntiPhishingSection() {
  const { t } = useTranslation('withdraw-controls');
  const status = useGetSecurityQuery(undefined);
  const current = useGetAntiPhishingCodeQuery(undefined);
  const [save, saving] = useSetAntiPhishingCodeMutation();
  const passkey = usePasskeyStepUp();
  const [secondFactor, setSecondFactor] = useState('');
  const { register, handleSubmit, reset, setError, formState } = useZodForm(formSchema, {
    defaultValues: { code: '' },
  });
  useEffect(() => {
    if (current.data !== undefined) reset({ code: current.data ?? '' });
  }, [current.data, reset]);
  const totp = status.data?.totp_enabled ?? false;
  const passkeysOnly = !totp && (status.data?.passkeys.some((p) => !p.suspended) ?? false);

  const onSubmit = handleSubmit(async (form) => {
    try {
      const proof = passkeysOnly
        ? { passkey_response: await passkey.confirm() }
        : { two_factor_code: secondFactor.trim() || undefined };
      toast.success((await save({ code: form.code, ...proof }).unwrap()).message);
      setSecondFactor('');
    } catch (error) {
      if (error instanceof PasskeyCancelled) return toast.error(error.message);
      const failure = toastFailure(error, t('antiPhishing.failed'), t('antiPhishing.failed'));
      const { code } = fieldErrors(failure);
      if (code) setError('code', { message: code });
    }
  });
  const busy = saving.isLoading || passkey.busy;

  return (
    <section className={styles.card} aria-labelledby="anti-phishing-title">
      <h2 id="anti-phishing-title">{t('antiPhishing.title')}</h2>
      <p className={styles.muted}>{t('antiPhishing.intro')}</p>
      {!status.data || current.data === undefined ? (
        <SectionState
          isError={status.isError || current.isError}
          retry={() => void Promise.all([status.refetch(), current.refetch()])}
        />
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p>
            {current.data
              ? t('antiPhishing.current', { code: current.data })
              : t('antiPhishing.none')}
          </p>
          <Field
            label={t('antiPhishing.label')}
            autoComplete="off"
            maxLength={20}
            error={formState.errors.code?.message}
            {...register('code')}
          />
          {totp && (
            <TwoFactorField
              value={secondFactor}
              onChange={(e) => setSecondFactor(e.target.value)}
            />
          )}
          <div className={styles.actions}>
            <Button type="submit" busy={busy} disabled={busy}>
              {t('antiPhishing.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
