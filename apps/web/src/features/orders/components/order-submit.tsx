import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/i18n/use-message';
import type { PairRules, Side } from '../order-form-model';
import { OrderAccess, type Account } from './order-access';
import styles from './order-form.module.css';

interface OrderSubmitProps {
  side: Side;
  rules: PairRules;
  account: Account;
  halted: boolean;
  busy: boolean;
  /** The form's own error (not a field's). */
  error: string | undefined;
}

/** The order form's end: its error, a halted pair's notice, and the Buy/Sell button (or sign-in). */
export function OrderSubmit({ side, rules, account, halted, busy, error }: OrderSubmitProps) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {message(error)}
        </p>
      )}
      {halted && (
        <p className={styles.notice} role="status">
          {t('form.halted', { symbol: rules.symbol })}
        </p>
      )}
      <OrderAccess account={account}>
        <Button
          type="submit"
          block
          busy={busy}
          disabled={busy || halted}
          className={side === 'buy' ? styles.buy : styles.sell}
        >
          {t(side === 'buy' ? 'form.buyCoin' : 'form.sellCoin', { coin: rules.base })}
        </Button>
      </OrderAccess>
    </>
  );
}
