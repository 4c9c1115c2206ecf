import {
  decimalPlacesOf,
  transferRequestSchema,
  WALLET_TYPES,
  type WalletType,
} from '@exchange/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-select';

import { compareAmounts } from '@/lib/amount';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { formatCoinAmount } from '@/lib/format';
import { useSubmissionKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useTransferMutation } from '../api/transfer';
import { useAvailable } from '../hooks/use-balance';
import type { WalletCoin } from '../wallet-math';
import { MaxButton, maxOf } from './max-button';
import { walletName } from './wallet-actions';
import styles from './wallet-dialogs.module.css';

interface TransferValues {
  from_wallet: WalletType;
  to_wallet: WalletType;
  amount: string;
  token_id: string;
}

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
  const { t } = useTranslation('wallets');
  const walletOptions = WALLET_TYPES.map((w) => ({ value: w, label: walletName(t, w) }));
  const [transfer, { isLoading }] = useTransferMutation();
  const submission = useSubmissionKey();
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
      return setError('amount', { message: t('errors.cannotExceed', { max: available }) });
    }
    if (decimalPlacesOf(amount) > coin.decimals) {
      return setError('amount', { message: t('errors.decimals', { places: coin.decimals }) });
    }
    try {
      const result = await transfer({ body: values, key: submission.keyFor(values) }).unwrap();
      submission.succeeded();
      toast.success(result.message);
      onClose();
    } catch (error) {
      const failure = toastFailure(error, t('transfer.failed'));
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        if (field === 'amount' || field === 'to_wallet') setError(field, { message });
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('transfer.title')}>
      <div className={styles.wallets}>
        <FormSelect
          control={control}
          name="from_wallet"
          label={t('transfer.from')}
          options={walletOptions}
          // Spec section 5: changing the source wallet clears the amount.
          onChanged={() => setValue('amount', '')}
        />
        <FormSelect
          control={control}
          name="to_wallet"
          label={t('transfer.to')}
          options={walletOptions}
        />
      </div>
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
              setValue('amount', maxOf(available, coin.decimals), { shouldValidate: true })
            }
          />
        }
        {...register('amount')}
      />
      <dl className={styles.figures}>
        <div>
          <dt>{t('transfer.available')}</dt>
          <dd>{formatCoinAmount(available, coin.short_name)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {isLoading ? t('transfer.transferring') : t('transfer.confirm')}
        </Button>
      </div>
    </form>
  );
}
