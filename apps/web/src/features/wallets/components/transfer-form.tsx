import {
  amountAllowsDecimals,
  amountCannotExceed,
  decimalPlacesOf,
  transferRequestSchema,
  WALLET_TYPES,
  type WalletType,
} from '@exchange/contracts';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';

import { compareAmounts, groupThousands } from '@/lib/amount';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useTransferMutation } from '../api/transfer';
import { useAvailable } from '../hooks/use-balance';
import type { WalletCoin } from '../wallet-math';
import { MaxButton, maxOf } from './max-button';
import { WALLET_NAMES } from './wallet-actions';
import styles from './wallet-dialogs.module.css';

interface TransferValues {
  from_wallet: WalletType;
  to_wallet: WalletType;
  amount: string;
  token_id: string;
}

const WALLET_OPTIONS = WALLET_TYPES.map((w) => ({ value: w, label: WALLET_NAMES[w] }));

const other = (wallet: WalletType): WalletType => (wallet === 'spot' ? 'funding' : 'spot');

/** From and To (decision D11: they must differ), the coin, and an amount within the source. */
export function TransferForm({
  coin,
  from,
  onClose,
}: {
  coin: WalletCoin;
  from: WalletType;
  onClose: () => void;
}) {
  const [transfer, { isLoading }] = useTransferMutation();
  const { register, control, handleSubmit, setValue, setError, formState } = useZodForm<
    typeof transferRequestSchema,
    TransferValues
  >(transferRequestSchema, {
    defaultValues: {
      from_wallet: from,
      to_wallet: other(from),
      amount: '',
      token_id: coin.token_id,
    },
  });
  const { errors } = formState;
  const source = useWatch({ control, name: 'from_wallet' });
  const available = useAvailable(coin.token_id, source);

  const onSubmit = handleSubmit(async (values) => {
    const amount = String(values.amount);
    if (compareAmounts(amount, available) > 0) {
      return setError('amount', { message: amountCannotExceed(available) });
    }
    if (decimalPlacesOf(amount) > coin.decimals) {
      return setError('amount', { message: amountAllowsDecimals(coin.decimals) });
    }
    try {
      const result = await transfer(values).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      const failure = toastFailure(error, 'Transfer failed');
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        if (field === 'amount' || field === 'to_wallet') setError(field, { message });
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Transfer">
      <div className={styles.wallets}>
        <FormSelect
          control={control}
          name="from_wallet"
          label="From"
          options={WALLET_OPTIONS}
          // Spec section 5: changing the source wallet clears the amount.
          onChanged={() => setValue('amount', '')}
        />
        <FormSelect control={control} name="to_wallet" label="To" options={WALLET_OPTIONS} />
      </div>
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
              setValue('amount', maxOf(available, coin.decimals), { shouldValidate: true })
            }
          />
        }
        {...register('amount')}
      />
      <dl className={styles.figures}>
        <div>
          <dt>Available</dt>
          <dd>
            {groupThousands(available)} {coin.short_name}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {isLoading ? 'Transferring...' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
