import {
  amountAllowsDecimals,
  amountSchema,
  decimalPlacesOf,
  withdrawRequestSchema,
  type Network,
} from '@exchange/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';
import { TwoFactorField } from '@/components/ui/two-factor-field';

import { VerificationRequired } from '@/components/ui/verification-required';
import { networkOptions } from '@/config/networks';
import { compareAmounts, groupThousands, subtractAmounts } from '@/lib/amount';
import { fieldErrors, isKycRequired, isSecondFactorRefusal, toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useWithdrawMutation } from '../api/withdraw';
import { useAvailable } from '../hooks/use-balance';
import type { WalletCoin } from '../wallet-math';
import { MaxButton, maxOf } from './max-button';
import styles from './wallet-dialogs.module.css';

interface WithdrawValues {
  network: Network;
  address: string;
  amount: string;
  token_id: string;
  two_factor_code?: string;
}

export const INSUFFICIENT_BALANCE = 'Insufficient balance';
const WITHDRAW_FAILED = 'Withdraw failed. Please try again.';

interface WithdrawFormProps {
  coin: WalletCoin;
  /** The authenticator app is on: its code confirms the withdrawal. */
  askCode: boolean;
  /** Passkeys and no app: a passkey confirms the withdrawal when it is sent. */
  askPasskey?: boolean;
  onClose: () => void;
}

/**
 * Network, address, the coin (read-only) and amount, against the funding wallet's balance; with
 * the authenticator app on (or once the server asks for it), its code.
 */
export function WithdrawForm({ coin, askCode, askPasskey = false, onClose }: WithdrawFormProps) {
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const passkey = usePasskeyStepUp();
  const [kycMessage, setKycMessage] = useState<string | null>(null);
  const [codeAsked, setCodeAsked] = useState(false);
  const showCode = askCode || codeAsked;
  const available = useAvailable(coin.token_id, 'funding');
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
  const remaining = subtractAmounts(available, counted);
  const insufficient = remaining.startsWith('-');

  const onSubmit = handleSubmit(async (values) => {
    const amount = String(values.amount);
    if (compareAmounts(amount, available) > 0) {
      return setError('amount', { message: INSUFFICIENT_BALANCE });
    }
    const places = placesOn(values.network);
    if (decimalPlacesOf(amount) > places) {
      return setError('amount', { message: amountAllowsDecimals(places) });
    }
    try {
      const { two_factor_code, ...request } = values;
      const passkey_response = askPasskey && !showCode ? await passkey.confirm() : undefined;
      const result = await withdraw({
        ...request,
        ...(showCode && two_factor_code ? { two_factor_code } : {}),
        ...(passkey_response ? { passkey_response } : {}),
      }).unwrap();
      const message = result.data.message || result.message;
      toast.success(message);
      onClose();
    } catch (error) {
      if (error instanceof PasskeyCancelled) return toast.error(error.message);
      const failure = toastFailure(error, WITHDRAW_FAILED, WITHDRAW_FAILED);
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
        setError('two_factor_code', { message: failure.message ?? WITHDRAW_FAILED });
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Withdraw">
      {kycMessage && <VerificationRequired message={kycMessage} />}
      <FormSelect
        control={control}
        name="network"
        label="Network"
        options={networks}
        placeholder="Select network"
      />
      <Field
        label="Address"
        autoComplete="off"
        placeholder="0x…"
        error={errors.address?.message}
        {...register('address')}
      />
      <Field label="Coin" value={`${coin.short_name} (${coin.name})`} readOnly />
      <Field
        label="Amount"
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
      <dl className={styles.figures}>
        <div>
          <dt>Available</dt>
          <dd>
            {groupThousands(available)} {coin.short_name}
          </dd>
        </div>
        <div>
          {insufficient ? (
            <dt className={styles.warn}>{INSUFFICIENT_BALANCE}</dt>
          ) : (
            <>
              <dt>Remaining after withdraw</dt>
              <dd>
                {groupThousands(remaining)} {coin.short_name}
              </dd>
            </>
          )}
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading || passkey.busy} disabled={isLoading || passkey.busy}>
          Submit withdrawal
        </Button>
      </div>
    </form>
  );
}
