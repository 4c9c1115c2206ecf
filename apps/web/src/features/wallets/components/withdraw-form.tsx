import {
  amountSchema,
  decimalPlacesOf,
  withdrawRequestSchema,
  type Network,
} from '@exchange/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';
import { TwoFactorField } from '@/components/ui/two-factor-field';

import { VerificationRequired } from '@/components/ui/verification-required';
import { networkOptions } from '@/config/networks';
import { compareAmounts } from '@/lib/amount';
import { fieldErrors, isKycRequired, isSecondFactorRefusal, toastFailure } from '@/lib/api-error';
import { useSubmissionKey } from '@/lib/idempotency';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useWithdrawMutation } from '../api/withdraw';
import { useGetAddressBookQuery, useGetWithdrawLimitsQuery } from '../api/withdraw-controls';
import { useAvailable } from '../hooks/use-balance';
import type { WalletCoin } from '../wallet-math';
import { MaxButton, maxOf } from './max-button';
import { SavedAddressPicker } from './saved-address-picker';
import { WithdrawFigures } from './withdraw-figures';
import styles from './wallet-dialogs.module.css';

/** An address's placeholder: its hex prefix, the same in every language. */
const HEX_PREFIX = '0x…';

interface WithdrawValues {
  network: Network;
  address: string;
  amount: string;
  token_id: string;
  two_factor_code?: string;
}

interface WithdrawFormProps {
  coin: WalletCoin;
  /** The authenticator app is on: its code confirms the withdrawal. */
  askCode: boolean;
  /** Passkeys and no app: a passkey confirms the withdrawal when it is sent. */
  askPasskey?: boolean;
  onClose: () => void;
}

/**
 * Network, address (typed, or picked from the address book), the coin (read-only) and amount,
 * against the funding wallet's balance, the network's fee and minimum and the daily limit; with
 * the authenticator app on (or once the server asks for it), its code.
 */
export function WithdrawForm({ coin, askCode, askPasskey = false, onClose }: WithdrawFormProps) {
  const { t } = useTranslation('wallets');
  const withdrawFailed = t('withdraw.failed');
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const submission = useSubmissionKey();
  const passkey = usePasskeyStepUp();
  const [kycMessage, setKycMessage] = useState<string | null>(null);
  const [codeAsked, setCodeAsked] = useState(false);
  const showCode = askCode || codeAsked;
  const available = useAvailable(coin.token_id, 'funding');
  const limits = useGetWithdrawLimitsQuery(undefined);
  const book = useGetAddressBookQuery(undefined);
  const networks = networkOptions(coin.networks);
  const { register, control, handleSubmit, setError, setValue, formState } = useZodForm<
    typeof withdrawRequestSchema,
    WithdrawValues
  >(withdrawRequestSchema, {
    // The coin's first network, chosen as Deposit does (walk-3 D16).
    defaultValues: {
      network: networks[0]?.value as Network | undefined,
      address: '',
      amount: '',
      token_id: coin.token_id,
    },
  });
  const { errors } = formState;
  const amount = useWatch({ control, name: 'amount' });
  const network = useWatch({ control, name: 'network' });
  // As the server counts it: the coin's precision, or the network's when that is coarser.
  const placesOn = (chosen: Network | undefined) =>
    Math.min(
      coin.decimals,
      coin.networks.find((n) => n.network === chosen)?.decimals ?? coin.decimals,
    );
  // Only an amount the form would send counts ("-5" must not add to the balance).
  const counted = amountSchema().safeParse(amount).success ? amount : '0';
  const onNetwork = coin.networks.find((n) => n.network === network);

  const onSubmit = handleSubmit(async (values) => {
    const amount = String(values.amount);
    if (compareAmounts(amount, available) > 0) {
      return setError('amount', { message: t('withdraw-controls:figures.insufficient') });
    }
    const places = placesOn(values.network);
    if (decimalPlacesOf(amount) > places) {
      return setError('amount', { message: t('errors.decimals', { places }) });
    }
    const chosen = coin.networks.find((n) => n.network === values.network);
    if (chosen && compareAmounts(amount, chosen.withdraw_min) < 0)
      return setError('amount', {
        message: t('errors.minimum', { minimum: chosen.withdraw_min, coin: coin.short_name }),
      });
    if (chosen && compareAmounts(amount, chosen.withdraw_fee) <= 0)
      return setError('amount', {
        message: t('errors.fee', { fee: chosen.withdraw_fee, coin: coin.short_name }),
      });
    try {
      const { two_factor_code, ...request } = values;
      const passkey_response = askPasskey && !showCode ? await passkey.confirm() : undefined;
      // The key names what is asked, not the proof (a new code or signature on every try).
      const key = submission.keyFor(request);
      const body = {
        ...request,
        ...(showCode && two_factor_code ? { two_factor_code } : {}),
        ...(passkey_response ? { passkey_response } : {}),
      };
      const result = await withdraw({ body, key }).unwrap();
      submission.succeeded();
      // To a new address without a second factor: held until the mail's link confirms it (W4-4).
      if (result.data.status === 'awaiting_email_confirmation')
        toast.warning(t('withdraw-controls:confirmLink.checkMail'));
      else toast.success(result.message);
      onClose();
    } catch (error) {
      if (error instanceof PasskeyCancelled) return toast.error(error.message);
      const failure = toastFailure(error, withdrawFailed, withdrawFailed);
      // The server's word on a field (e.g. an address it refuses) shows under that field.
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        if (
          field === 'network' ||
          field === 'address' ||
          field === 'amount' ||
          field === 'two_factor_code'
        ) {
          setError(field, { message });
        }
      }
      if (isKycRequired(failure)) setKycMessage(failure.message);
      if (isSecondFactorRefusal(failure)) {
        setCodeAsked(true);
        setError('two_factor_code', { message: failure.message ?? withdrawFailed });
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('withdraw.label')}>
      {kycMessage && <VerificationRequired message={kycMessage} />}
      <FormSelect
        control={control}
        name="network"
        label={t('withdraw.network')}
        options={networks}
        placeholder={t('withdraw.selectNetwork')}
      />
      <SavedAddressPicker
        book={book.data?.data}
        network={network}
        onPick={(address) => setValue('address', address, { shouldValidate: true })}
      />
      <Field
        label={t('withdraw.address')}
        autoComplete="off"
        placeholder={HEX_PREFIX}
        error={errors.address?.message}
        {...register('address')}
      />
      <Field label={t('form.coin')} value={`${coin.short_name} (${coin.name})`} readOnly />
      <Field
        label={t('form.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={errors.amount?.message}
        trailing={
          <MaxButton
            onClick={() =>
              setValue('amount', maxOf(available, placesOn(network)), { shouldValidate: true })
            }
          />
        }
        {...register('amount')}
      />
      {showCode && (
        <TwoFactorField error={errors.two_factor_code?.message} {...register('two_factor_code')} />
      )}
      <WithdrawFigures
        coin={coin.short_name}
        available={available}
        amount={counted}
        fee={onNetwork?.withdraw_fee ?? null}
        minimum={onNetwork?.withdraw_min ?? null}
        limits={limits.isError ? null : limits.data?.data}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={isLoading || passkey.busy} disabled={isLoading || passkey.busy}>
          {t('withdraw.submit')}
        </Button>
      </div>
    </form>
  );
}
