import type { NotificationDto } from '@exchange/contracts';
import { i18n } from '@/i18n/i18n';
import { groupThousands } from '@/lib/amount';

/**
 * What a notification says in the app's language (walk-4 W4-3): a fired price alert is worded
 * from its values, prices grouped as the user chose; one stored without values (before they were
 * kept) shows its stored English.
 */
export function notificationText(n: NotificationDto): { title: string; body: string } {
  const alert = n.values;
  if (!alert) return { title: n.title, body: n.body };
  const values = {
    symbol: alert.symbol,
    quote: alert.quote,
    price: groupThousands(alert.price),
    traded: groupThousands(alert.traded),
  };
  return alert.direction === 'above'
    ? {
        title: i18n.t('notifications:fired.aboveTitle', values),
        body: i18n.t('notifications:fired.aboveBody', values),
      }
    : {
        title: i18n.t('notifications:fired.belowTitle', values),
        body: i18n.t('notifications:fired.belowBody', values),
      };
}
