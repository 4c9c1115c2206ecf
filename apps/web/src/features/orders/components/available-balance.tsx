import { INR } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { formatCoinAmount, formatPrice } from '@/lib/format';
import { useGetSpotBalanceQuery } from '../api/get-spot-balance';
import styles from './order-form.module.css';

export interface DepositCoin {
  id: string;
  short_name: string;
}

interface AvailableBalanceProps {
  coin: DepositCoin;
  onDeposit: (coin: DepositCoin) => void;
}

/**
 * Available (decision D19: the spot wallet's `amount`) of the coin the order spends, live;
 * pressing it opens the Deposit Funds dialog for that coin, for rupees the move to Spot (W4-1).
 */
export function AvailableBalance({ coin, onDeposit }: AvailableBalanceProps) {
  const { t } = useTranslation('orders');
  const { data, isLoading, isError } = useGetSpotBalanceQuery(coin.short_name);
  const amount = data?.amount;
  const text =
    isLoading || isError || amount === undefined
      ? `${isLoading ? '…' : '-'} ${coin.short_name}`
      : formatCoinAmount(amount, coin.short_name, formatPrice);
  return (
    <p className={styles.line}>
      <span>{t('available.label')}</span>
      <button
        type="button"
        className={styles.available}
        aria-label={t(coin.short_name === INR ? 'available.addRupees' : 'available.deposit', {
          amount: text,
        })}
        data-testid="available-balance"
        onClick={() => onDeposit({ id: data?.token_id ?? coin.id, short_name: coin.short_name })}
      >
        {text} <span aria-hidden="true">⊕</span>
      </button>
    </p>
  );
}
