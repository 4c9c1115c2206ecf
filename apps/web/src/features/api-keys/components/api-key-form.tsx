import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  createApiKeyRequestSchema,
  type ApiKeyScope,
  type CreatedApiKeyDto,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { LazySelect } from '@/components/ui/lazy-select';
import { WithdrawalHoldNotice } from '@/components/ui/withdrawal-hold-notice';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useCreateApiKeyMutation } from '../api/api-keys';
import styles from './api-keys.module.css';

type Errors = Partial<
  Record<'label' | 'scopes' | 'ip_allowlist' | 'expires_in_days' | 'two_factor_code', string>
>;

interface ApiKeyFormProps {
  onCreated: (key: CreatedApiKeyDto) => void;
  /** Passkeys and no authenticator app: a passkey confirms the new key. */
  askPasskey: boolean;
  /** The end of the cooling-off period after a security change: no withdraw keys until then. */
  heldUntil: string | null;
}

/**
 * Label, permissions, optional IP allowlist and expiry; hands the created key (with its secret)
 * up. A key is a security change: the authenticator code, or a passkey without the app, confirms it.
 */
export function ApiKeyForm({ onCreated, askPasskey, heldUntil }: ApiKeyFormProps) {
  const { t } = useTranslation('api-keys');
  const expiryOptions = API_KEY_EXPIRY_DAYS.map((d) => ({
    value: String(d),
    label: t('form.days', { count: d }),
  }));
  const createFailed = t('form.createFailed');
  const [create, { isLoading }] = useCreateApiKeyMutation();
  const stepUp = usePasskeyStepUp();
  const busy = isLoading || stepUp.busy;
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [ips, setIps] = useState('');
  const [days, setDays] = useState<number>(90);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      label,
      scopes,
      ip_allowlist: ips
        .split(/[\s,]+/)
        .map((ip) => ip.trim())
        .filter(Boolean),
      expires_in_days: days,
      ...(code.trim() ? { two_factor_code: code.trim() } : {}),
    };
    const parsed = createApiKeyRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    try {
      const passkey_response = askPasskey ? await stepUp.confirm() : undefined;
      const result = await create({ ...parsed.data, passkey_response }).unwrap();
      setLabel('');
      setIps('');
      setCode('');
      onCreated(result.data);
    } catch (error) {
      if (error instanceof PasskeyCancelled) return void toast.error(error.message);
      const failure = toastFailure(error, createFailed, createFailed);
      setErrors(fieldErrors(failure) as Errors);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('form.create')}>
      <Field
        label={t('form.label')}
        placeholder={t('form.labelPlaceholder')}
        autoComplete="off"
        maxLength={40}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={errors.label}
      />
      <fieldset
        className={styles.scopes}
        aria-describedby={errors.scopes ? 'scopes-error' : undefined}
      >
        <legend>{t('form.permissions')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className={styles.check}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            {t(`form.scope.${scope}`)}
          </label>
        ))}
        <p className={styles.note}>{t('form.withdrawNeeds')}</p>
        <WithdrawalHoldNotice heldUntil={heldUntil} subject="withdrawKeys" />
        {errors.scopes && (
          <p id="scopes-error" className={styles.error} role="alert">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <Field
        label={t('form.ipAllowlist')}
        placeholder={t('form.ipPlaceholder')}
        autoComplete="off"
        value={ips}
        onChange={(e) => setIps(e.target.value)}
        error={errors.ip_allowlist}
        hint={<p className={styles.note}>{t('form.ipEmpty')}</p>}
      />
      {/* The app's select, as every other form's (walk-3 D27: a bare native select here). */}
      <LazySelect
        label={t('form.expiresAfter')}
        options={expiryOptions}
        value={String(days)}
        onValueChange={(value) => setDays(Number(value))}
        error={errors.expires_in_days}
      />
      {askPasskey ? (
        <p className={styles.note}>{t('form.confirmPasskey')}</p>
      ) : (
        <Field
          label={t('form.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.two_factor_code}
          hint={<p className={styles.note}>{t('form.codeHint')}</p>}
        />
      )}
      <Button type="submit" busy={busy} disabled={busy}>
        {isLoading ? t('form.creating') : t('form.create')}
      </Button>
    </form>
  );
}
