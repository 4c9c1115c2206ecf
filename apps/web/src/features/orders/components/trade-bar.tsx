import { useTranslation } from 'react-i18next';
import type { Side } from '../order-form-model';
import { Button } from '@/components/ui/button';
import styles from './order-form.module.css';

/**
 * The phone's Buy and Sell, fixed at the foot of the viewport so they are always in reach;
 * each opens the order form on its side.
 */
export function TradeBar({ base, onOpen }: { base: string; onOpen: (side: Side) => void }) {
  const { t } = useTranslation('orders');
  return (
    <div className={styles.tradeBar} role="group" aria-label={t('bar.label')}>
      <Button className={styles.buy} onClick={() => onOpen('buy')}>
        {t('form.buyCoin', { coin: base })}
      </Button>
      <Button className={styles.sell} onClick={() => onOpen('sell')}>
        {t('form.sellCoin', { coin: base })}
      </Button>
    </div>
  );
}
