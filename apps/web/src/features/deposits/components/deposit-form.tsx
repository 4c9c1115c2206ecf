import {
  amountAllowsDecimals,
  decimalPlacesOf,
  depositRequestSchema,
  type DepositRequest,
  type Network,
  type TokenNetwork,
} from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';

import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useSubmitDepositMutation } from '../api/deposit-api';
import { networkOptions } from '@/config/networks';
import styles from './deposit-dialog.module.css';

/** The placeholder of an address or a hash: their hex prefix, the same in every language. */
const HEX_PREFIX = '0x…';

export interface DepositFormValues {
  network: Network;
  sender_address: string;
  transaction_hash: string;
  amount: string;
}

interface DepositFormProps {
  /** Decision D21: the coin the dialog was opened for. */
  tokenId: string;
  /** The networks the coin is listed on (at least one); the form starts on the first. */
  networks: TokenNetwork[];
  onNetworkChange: (network: Network) => void;
  onDeposited: () => void;
}

/**
 * Spec section 2's deposit form with section 5's messages. Success shows the server's message,
 * resets the form and closes the dialog; a failure shows the server's message or "Deposit
 * failed" (decision D6); no answer at all, "Deposit failed. Please try again." (section 8).
 */
export function DepositForm({ tokenId, networks, onNetworkChange, onDeposited }: DepositFormProps) {
  const { t } = useTranslation('deposits');
  const [submit, { isLoading }] = useSubmitDepositMutation();
  const options = networkOptions(networks);
  const empty: DepositFormValues = {
    network: (options[0]?.value ?? 'ethereum') as Network,
    sender_address: '',
    transaction_hash: '',
    amount: '',
  };
  const { register, control, handleSubmit, reset, setError, formState } = useZodForm<
    typeof depositRequestSchema,
    DepositFormValues
  >(depositRequestSchema, { defaultValues: empty });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    // The server counts the coin's precision on the chosen network.
    const places = networks.find((n) => n.network === values.network)?.decimals;
    if (places !== undefined && decimalPlacesOf(String(values.amount)) > places) {
      return setError('amount', { message: amountAllowsDecimals(places) });
    }
    const body: DepositRequest = { ...values, token_id: tokenId };
    try {
      const result = await submit(body).unwrap();
      toast.success(result.message);
      reset(empty);
      onDeposited();
    } catch (error) {
      toastFailure(error, t('form.failed'), t('form.failedRetry'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
      <FormSelect
        control={control}
        name="network"
        label={t('form.network')}
        options={options}
        onChanged={(value) => onNetworkChange(value as Network)}
      />
      <div className={styles.claimIntro}>
        <strong>{t('form.claimTitle')}</strong>
        <p>{t('form.claimOptional')}</p>
      </div>
      <Field
        label={t('form.sender')}
        autoComplete="off"
        spellCheck={false}
        placeholder={HEX_PREFIX}
        error={errors.sender_address?.message}
        {...register('sender_address')}
      />
      <Field
        label={t('form.hash')}
        autoComplete="off"
        spellCheck={false}
        placeholder={HEX_PREFIX}
        error={errors.transaction_hash?.message}
        {...register('transaction_hash')}
      />
      <Field
        label={t('form.amount')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <Button type="submit" block busy={isLoading} disabled={isLoading}>
        {isLoading ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
