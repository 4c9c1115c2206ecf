import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { BellIcon } from './bell-icon';
import type { PriceAlertTarget } from './price-alert-dialog';
import styles from './price-alerts.module.css';

// The dialog's code loads on the first click: the trading page does not pay for it.
const PriceAlertDialog = lazy(() => import('./price-alert-dialog'));

/**
 * The trading page's "Price alert" button beside the price (signed-in users). It suspends until
 * its texts' catalog is in: render it under a Suspense boundary.
 */
export function PriceAlertButton(target: PriceAlertTarget) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        data-testid="price-alert-button"
        onClick={() => setOpen(true)}
      >
        <BellIcon size={16} />
        {t('alerts.button')}
      </button>
      <DialogLoader open={open}>
        <PriceAlertDialog open={open} onOpenChange={setOpen} target={target} />
      </DialogLoader>
    </>
  );
}
