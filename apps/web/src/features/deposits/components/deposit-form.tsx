import {
  depositRequestSchema,
  NETWORKS,
  type DepositRequest,
  type Network,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';

import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useSubmitDepositMutation } from '../api/deposit-api';
import { NETWORK_LABELS } from '@/config/networks';
import { DEFAULT_DEPOSIT_NETWORK } from '../networks';
import styles from './deposit-dialog.module.css';

export interface DepositFormValues {
  network: Network;
  sender_address: string;
  transaction_hash: string;
  amount: string;
}

const EMPTY: DepositFormValues = {
  network: DEFAULT_DEPOSIT_NETWORK,
  sender_address: '',
  transaction_hash: '',
  amount: '',
};

const resolver = zodResolver(depositRequestSchema) as unknown as Resolver<DepositFormValues>;
const NETWORK_OPTIONS = NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }));

interface DepositFormProps {
  /** Decision D21: the coin the dialog was opened for. */
  tokenId: string;
  onNetworkChange: (network: Network) => void;
  onDeposited: () => void;
}

/**
 * Spec section 2's deposit form with section 5's messages. Success shows the server's message,
 * resets the form and closes the dialog; a failure shows the server's message or "Deposit
 * failed" (decision D6); no answer at all, "Deposit failed. Please try again." (section 8).
 */
export function DepositForm({ tokenId, onNetworkChange, onDeposited }: DepositFormProps) {
  const [submit, { isLoading }] = useSubmitDepositMutation();
  const { register, control, handleSubmit, reset, formState } = useForm<DepositFormValues>({
    defaultValues: EMPTY,
    resolver,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const body: DepositRequest = { ...values, token_id: tokenId };
    try {
      const result = await submit(body).unwrap();
      toast.success(result.message);
      reset(EMPTY);
      onDeposited();
    } catch (error) {
      toastFailure(error, 'Deposit failed', 'Deposit failed. Please try again.');
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Deposit">
      <FormSelect
        control={control}
        name="network"
        label="Network"
        options={NETWORK_OPTIONS}
        onChanged={(value) => onNetworkChange(value as Network)}
      />
      <Field
        label="Sender Address"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        error={errors.sender_address?.message}
        {...register('sender_address')}
      />
      <Field
        label="Transaction Hash"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        error={errors.transaction_hash?.message}
        {...register('transaction_hash')}
      />
      <Field
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <Button type="submit" block busy={isLoading} disabled={isLoading}>
        {isLoading ? 'Submitting...' : 'Submit'}
      </Button>
    </form>
  );
}
