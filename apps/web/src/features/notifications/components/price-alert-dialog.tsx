import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { PriceAlertForm } from './price-alert-form';
import { PriceAlertList } from './price-alert-list';
import styles from './price-alerts.module.css';

export interface PriceAlertTarget {
  symbol: string;
  pairName: string;
  quote: string;
  lastPrice: string;
}

/** Sets an alert on the pair, and lists the user's alerts to delete them. */
export default function PriceAlertDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: PriceAlertTarget;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('alerts.dialogTitle', { pair: target.pairName })}
      description={t('alerts.dialogDescription', { pair: target.pairName })}
      focusInput
    >
      <PriceAlertForm symbol={target.symbol} quote={target.quote} lastPrice={target.lastPrice} />
      <h3 className={styles.listTitle}>{t('alerts.yours')}</h3>
      <PriceAlertList />
    </Dialog>
  );
}
