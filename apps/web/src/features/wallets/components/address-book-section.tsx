import { NETWORKS, newWithdrawAddressSchema, type Network } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';
import { Spinner } from '@/components/ui/spinner';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { NETWORK_LABELS } from '@/config/networks';
import {
  fieldErrors,
  isSecondFactorRefusal,
  toastFailure,
  type CallFailure,
} from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import {
  useGetAddressBookQuery,
  useRemoveAddressMutation,
  useSaveAddressMutation,
  useSetWhitelistMutation,
} from '../api/withdraw-controls';
import { useStepUp } from '../hooks/use-step-up';
import styles from './address-book.module.css';

const formSchema = newWithdrawAddressSchema.pick({ label: true, network: true, address: true });
/** An EVM address's shape, the same in every language. */
const ADDRESS_HINT = '0x…';
const EMPTY = { label: '', network: undefined as Network | undefined, address: '' };

/**
 * /profile/security's withdrawal addresses: the saved ones (label, network, address), the whitelist
 * switch (on: withdrawals only to them, each from 24 hours after it was added), and a form to
 * save one. Every change asks the second factor: with the authenticator app on (`askCode`) its
 * field shows from the start; a refused change says why beside what was pressed.
 */
export function AddressBookSection({ askCode = false }: { askCode?: boolean }) {
  const { t } = useTranslation('withdraw-controls');
  const book = useGetAddressBookQuery(undefined);
  const [save, saving] = useSaveAddressMutation();
  const [remove, removing] = useRemoveAddressMutation();
  const [whitelist, switching] = useSetWhitelistMutation();
  const stepUp = useStepUp(askCode);
  // When the page opened: a new address's 24 hours are told against it.
  const [now] = useState(() => Date.now());
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [whitelistError, setWhitelistError] = useState<string>();
  const { register, control, handleSubmit, reset, setError, formState } = useZodForm(formSchema, {
    defaultValues: EMPTY,
  });
  const busy = saving.isLoading || removing.isLoading || switching.isLoading || stepUp.busy;

  /** Sends a stepped-up change; says how it went (a code refusal under the code field too). */
  const send = async (
    call: Parameters<typeof stepUp.run>[0],
    onFailure?: (failure: CallFailure) => void,
  ) => {
    setCodeError(undefined);
    try {
      const result = (await stepUp.run(call, code)) as { message: string };
      toast.success(result.message);
      setCode('');
      return true;
    } catch (error) {
      if (error instanceof PasskeyCancelled) {
        toast.error(error.message);
        return false;
      }
      const failure = toastFailure(error, t('book.failed'), t('book.failed'));
      if (isSecondFactorRefusal(failure)) setCodeError(failure.message ?? t('book.failed'));
      onFailure?.(failure);
      return false;
    }
  };

  const onWhitelist = async (enabled: boolean) => {
    setWhitelistError(undefined);
    await send(
      (proof) => whitelist({ enabled, ...proof }).unwrap(),
      (failure) => setWhitelistError(failure.message ?? t('book.failed')),
    );
  };

  const onSave = handleSubmit(async (values) => {
    const saved = await send(
      (proof) => save({ ...values, ...proof }).unwrap(),
      (failure) => {
        for (const [field, message] of Object.entries(fieldErrors(failure)))
          if (field === 'label' || field === 'network' || field === 'address')
            setError(field, { message: String(message) });
      },
    );
    if (saved) reset(EMPTY);
  });

  const data = book.data?.data;
  return (
    <section className={styles.card} aria-labelledby="address-book-title">
      <div className={styles.head}>
        <h2 id="address-book-title">{t('book.title')}</h2>
        {data && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby={whitelistError ? 'whitelist-error' : undefined}
            onClick={() => void onWhitelist(!data.whitelist)}
          >
            {data.whitelist ? t('book.whitelistOff') : t('book.whitelistOn')}
          </Button>
        )}
      </div>
      {whitelistError && (
        <p id="whitelist-error" className={styles.error} role="alert">
          {whitelistError}
        </p>
      )}
      <p className={styles.muted}>{t('book.intro')}</p>
      {book.isError ? (
        <div>
          <p className={styles.muted} role="alert">
            {t('book.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void book.refetch()}>
            {t('book.retry')}
          </Button>
        </div>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <p>
            {t('book.whitelist')}{' '}
            <span className={data.whitelist ? styles.on : styles.muted}>
              {data.whitelist ? t('book.on') : t('book.off')}
            </span>
          </p>
          {data.addresses.length === 0 ? (
            <p className={styles.muted}>{t('book.empty')}</p>
          ) : (
            <ul className={styles.list} aria-label={t('book.title')}>
              {data.addresses.map((a) => (
                <li key={a._id} className={styles.item}>
                  <div className={styles.entry}>
                    <strong>
                      {a.label} · {NETWORK_LABELS[a.network]}
                    </strong>
                    <span className={styles.address}>{a.address}</span>
                    {Date.parse(a.usable_at) > now && (
                      <span className={styles.muted}>
                        {t('book.usableFrom', { time: formatDateTime(a.usable_at) })}
                      </span>
                    )}
                  </div>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={t('book.removeNamed', { label: a.label })}
                    onClick={() => void send((proof) => remove({ id: a._id, ...proof }).unwrap())}
                  >
                    {t('book.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form className={styles.form} onSubmit={onSave} noValidate aria-label={t('book.add')}>
            <Field
              label={t('book.label')}
              autoComplete="off"
              error={formState.errors.label?.message}
              {...register('label')}
            />
            <FormSelect
              control={control}
              name="network"
              label={t('book.network')}
              placeholder={t('book.choose')}
              options={NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
            />
            <div className={styles.wide}>
              <Field
                label={t('book.address')}
                autoComplete="off"
                placeholder={ADDRESS_HINT}
                error={formState.errors.address?.message}
                {...register('address')}
              />
            </div>
            {stepUp.askCode && (
              <div className={styles.wide}>
                <TwoFactorField
                  label={t('book.code')}
                  value={code}
                  error={codeError}
                  hint={<span className={styles.muted}>{t('book.codeHint')}</span>}
                  onChange={(e) => setCode(e.target.value)}
                />
              </div>
            )}
            <Button type="submit" busy={busy} disabled={busy}>
              {t('book.save')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
