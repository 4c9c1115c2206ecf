import { Dialog } from '@/components/ui/dialog';
import type { WalletCoin } from '../wallet-math';
import { WithdrawForm } from './withdraw-form';

interface WithdrawDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: WalletCoin;
}

/** The Withdraw Funds dialog (spec section 2), from the funding wallet. */
export function WithdrawDialog({ open, onOpenChange, coin }: WithdrawDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Withdraw Funds">
      {open && <WithdrawForm coin={coin} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}
