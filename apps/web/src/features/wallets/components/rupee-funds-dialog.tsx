import { INR } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatInr } from '@/lib/format';
import { useGetWalletsQuery } from '../api/get-wallets';
import { balanceIn, coinOf } from '../wallet-math';
import { TransferForm } from './transfer-form';
import styles from './wallet-dialogs.module.css';

interface RupeeFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the rupee (UPI) deposit, which the screen composes. */
  onDepositRupees: () => void;
}

/**
 * "Add funds" on a rupee pair (W4-1): orders spend the Spot wallet's rupees, and deposits land in
 * Funding. The dialog shows both balances, moves rupees Funding → Spot, and offers the UPI deposit.
 */
export function RupeeFundsDialog({ open, onOpenChange, onDepositRupees }: RupeeFundsDialogProps) {
  const { t } = useTranslation('wallets');
  const { data } = useGetWalletsQuery(undefined, { skip: !open });
  const group = data?.find((g) => g.short_name === INR);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('rupeeFunds.title')}>
      {!group ? (
        <Spinner />
      ) : (
        <div className={styles.form}>
          <p className={styles.note}>{t('rupeeFunds.why')}</p>
          <dl className={styles.figures} data-testid="rupee-funds">
            <div>
              <dt>{t('names.funding')}</dt>
              <dd>{formatInr(balanceIn(group, 'funding').amount)}</dd>
            </div>
            <div>
              <dt>{t('names.spot')}</dt>
              <dd>{formatInr(balanceIn(group, 'spot').amount)}</dd>
            </div>
          </dl>
          <TransferForm coin={coinOf(group)} from="funding" onClose={() => onOpenChange(false)} />
          <Button variant="secondary" onClick={onDepositRupees}>
            {t('rupeeFunds.deposit')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
