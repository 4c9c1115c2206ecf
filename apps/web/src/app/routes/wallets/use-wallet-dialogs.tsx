import { useState } from 'react';
import { DepositDialog } from '@/features/deposits/components/deposit-dialog';
import { TransferDialog } from '@/features/wallets/components/transfer-dialog';
import { WithdrawDialog } from '@/features/wallets/components/withdraw-dialog';
import type { WalletAction } from '@/features/wallets/wallet-math';

/**
 * The wallet rows' Deposit, Withdraw and Transfer actions open their dialogs here. The last
 * action stays mounted after closing so the dialog can hand focus back to the button that
 * opened it.
 */
export function useWalletDialogs() {
  const [action, setAction] = useState<WalletAction | null>(null);
  const [open, setOpen] = useState(false);
  const onAction = (next: WalletAction) => {
    setAction(next);
    setOpen(true);
  };
  const dialogs = action && (
    <>
      <DepositDialog
        open={open && action.kind === 'deposit'}
        onOpenChange={setOpen}
        token={{ id: action.coin.token_id, short_name: action.coin.short_name }}
      />
      <WithdrawDialog
        open={open && action.kind === 'withdraw'}
        onOpenChange={setOpen}
        coin={action.coin}
      />
      <TransferDialog
        open={open && action.kind === 'transfer'}
        onOpenChange={setOpen}
        coin={action.coin}
        from={action.wallet}
      />
    </>
  );
  return { onAction, dialogs };
}
