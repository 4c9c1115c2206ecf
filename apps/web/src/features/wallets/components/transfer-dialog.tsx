import type { WalletType } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { WalletCoin } from '../wallet-math';
import { TransferForm } from './transfer-form';

interface TransferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: WalletCoin;
  /** The wallet the row belongs to: the default From. */
  from: WalletType;
}

/** The Transfer dialog (spec section 2): between the user's own spot and funding wallets. */
export function TransferDialog({ open, onOpenChange, coin, from }: TransferDialogProps) {
  const { t } = useTranslation('wallets');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('transfer.title')}>
      {open && <TransferForm coin={coin} from={from} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
