import { lazy, Suspense, useState } from 'react';
import { useProfile } from '@/features/auth/hooks/use-profile';
import type { WalletAction } from '@/features/wallets/wallet-math';

// The dialogs (forms, selects, QR code) load with the first action, not with the tables.
const DepositDialog = lazy(() =>
  import('@/features/deposits/components/deposit-dialog').then((m) => ({
    default: m.DepositDialog,
  })),
);
const WithdrawDialog = lazy(() =>
  import('@/features/wallets/components/withdraw-dialog').then((m) => ({
    default: m.WithdrawDialog,
  })),
);
const TransferDialog = lazy(() =>
  import('@/features/wallets/components/transfer-dialog').then((m) => ({
    default: m.TransferDialog,
  })),
);

/**
 * The wallet rows' Deposit, Withdraw and Transfer actions open their dialogs here. The last
 * action stays mounted after closing so the dialog can hand focus back to the button that
 * opened it.
 */
export function useWalletDialogs() {
  const [action, setAction] = useState<WalletAction | null>(null);
  const [open, setOpen] = useState(false);
  const { profile } = useProfile();
  const onAction = (next: WalletAction) => {
    setAction(next);
    setOpen(true);
  };
  const dialogs = action && (
    <Suspense fallback={null}>
      <DepositDialog
        open={open && action.kind === 'deposit'}
        onOpenChange={setOpen}
        token={{ id: action.coin.token_id, short_name: action.coin.short_name }}
      />
      <WithdrawDialog
        open={open && action.kind === 'withdraw'}
        onOpenChange={setOpen}
        coin={action.coin}
        askCode={profile?.two_factor_enabled ?? false}
        askPasskey={profile?.has_passkeys ?? false}
        heldUntil={profile?.withdrawals_held_until ?? null}
      />
      <TransferDialog
        open={open && action.kind === 'transfer'}
        onOpenChange={setOpen}
        coin={action.coin}
        from={action.wallet}
      />
    </Suspense>
  );
  return { onAction, dialogs };
}
