import { MAX_PRICE_ALERTS, type AlertDirection } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toFailure } from '@/lib/api-error';
import { formatCoinAmount, formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreatePriceAlertMutation } from '../api/notifications-api';
import { askNotificationPermission } from '../browser-notify';
import styles from './price-alerts.module.css';

const DIRECTIONS: { value: AlertDirection; label: 'alerts.above' | 'alerts.below' }[] = [
  { value: 'above', label: 'alerts.above' },
  { value: 'below', label: 'alerts.below' },
];

/** Sets an alert above or below a price on `symbol`; the last price is the starting value. */
export function PriceAlertForm({
  symbol,
  quote,
  lastPrice,
}: {
  symbol: string;
  quote: string;
  lastPrice: string;
}) {
  const { t } = useTranslation('notifications');
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [price, setPrice] = useState(lastPrice);
  const [error, setError] = useState<string | undefined>();
  const [create, { isLoading }] = useCreatePriceAlertMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A click asked for it: the moment a browser may ask to show notifications.
    askNotificationPermission();
    const value = price.trim();
    if (!(Number(value) > 0)) {
      setError(t('alerts.pricePositive'));
      return;
    }
    setError(undefined);
    try {
      await create({ symbol, direction, price: value }).unwrap();
      const side = direction === 'above' ? t('alerts.directionAbove') : t('alerts.directionBelow');
      const shown = formatCoinAmount(value, quote, formatPrice);
      toast.success(t('alerts.set', { direction: side, price: shown }));
    } catch (err) {
      // The server's refusal says why (a price already crossed, the limit reached).
      setError(toFailure(err).message ?? t('alerts.setFailed'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className={styles.directions}>
        <legend>{t('alerts.notifyWhen')}</legend>
        {DIRECTIONS.map((d) => (
          <label key={d.value} className={styles.direction}>
            <input
              type="radio"
              name="direction"
              value={d.value}
              checked={direction === d.value}
              onChange={() => setDirection(d.value)}
            />
            {t(d.label)}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('alerts.price', { quote })}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        error={error}
        onChange={(e) => setPrice(e.target.value)}
      />
      <p className={styles.hint}>{t('alerts.hint', { max: MAX_PRICE_ALERTS })}</p>
      <Button type="submit" block busy={isLoading} disabled={isLoading}>
        {t('alerts.submit')}
      </Button>
    </form>
  );
}
