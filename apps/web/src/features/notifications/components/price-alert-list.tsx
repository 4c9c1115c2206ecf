import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime, formatPair, formatPrice } from '@/lib/format';
import { useDeletePriceAlertMutation, useGetPriceAlertsQuery } from '../api/notifications-api';
import styles from './price-alerts.module.css';

/** Every alert of the user, waiting ones first, each with its Delete button. */
export function PriceAlertList() {
  const { t } = useTranslation('notifications');
  const { data, isLoading, isError, refetch } = useGetPriceAlertsQuery(undefined);
  const [remove, removing] = useDeletePriceAlertMutation();
  if (isLoading) return <Spinner label={t('alerts.loading')} />;
  if (isError)
    return (
      <p className={styles.hint}>
        {t('alerts.loadFailed')}{' '}
        <Button variant="ghost" onClick={() => void refetch()}>
          {t('alerts.tryAgain')}
        </Button>
      </p>
    );
  if (!data || data.length === 0) return <p className={styles.hint}>{t('alerts.none')}</p>;
  const sorted = [...data].sort(
    (a, b) => Number(a.fired_at !== null) - Number(b.fired_at !== null),
  );
  return (
    <ul className={styles.list} aria-label={t('alerts.listLabel')} data-testid="price-alert-list">
      {sorted.map((a) => {
        const side =
          a.direction === 'above' ? t('alerts.directionAbove') : t('alerts.directionBelow');
        const text = `${formatPair(a.symbol)} ${side} ${formatPrice(a.price)}`;
        return (
          <li key={a.id} className={styles.alert}>
            <span>
              <strong>{text}</strong>
              <span className={styles.status}>
                {a.fired_at
                  ? t('alerts.fired', {
                      price: formatPrice(a.fired_price ?? a.price),
                      time: formatDateTime(a.fired_at),
                    })
                  : t('alerts.waiting')}
              </span>
            </span>
            <Button
              variant="ghost"
              aria-label={t('alerts.deleteLabel', { alert: text })}
              disabled={removing.isLoading}
              onClick={() =>
                void remove(a.id)
                  .unwrap()
                  .catch((err: unknown) => toastFailure(err, t('alerts.deleteFailed')))
              }
            >
              {t('alerts.delete')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
