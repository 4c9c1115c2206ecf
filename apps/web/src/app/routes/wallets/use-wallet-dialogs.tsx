import { INR } from '@exchange/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useAvailable } from '@/features/wallets/hooks/use-balance';
import { useProfile } from '@/features/auth/hooks/use-profile';
import type { WalletAction } from '@/features/wallets/wallet-math';
import { useGetWithdrawalPauseQuery } from '@/lib/withdrawal-pause-api';

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
const InrDepositDialog = lazy(() =>
  import('@/features/rupees/components/inr-deposit-dialog').then((m) => ({
    default: m.InrDepositDialog,
  })),
);
const InrWithdrawDialog = lazy(() =>
  import('@/features/rupees/components/inr-withdraw-dialog').then((m) => ({
    default: m.InrWithdrawDialog,
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
  const available = useAvailable(action?.coin.token_id ?? '', 'funding');
  const withdrawing = open && action?.kind === 'withdraw';
  const pause = useGetWithdrawalPauseQuery(undefined, {
    skip: !withdrawing,
    refetchOnMountOrArgChange: true,
  });
  const paused = pause.data?.paused ?? false;
  // Stable: the wallet tables render only when their rows change.
  const onAction = useCallback((next: WalletAction) => {
    setAction(next);
    setOpen(true);
  }, []);
  // The rupee moves on the bank rail: its own dialogs (UPI QR and UTR claim; a bank account).
  const rupee = action?.coin.short_name === INR;
  const dialogs = action && (
    <Suspense fallback={null}>
      {rupee && (
        <>
          <InrDepositDialog open={open && action.kind === 'deposit'} onOpenChange={setOpen} />
          <InrWithdrawDialog
            open={open && action.kind === 'withdraw'}
            onOpenChange={setOpen}
            available={available}
            askCode={profile?.two_factor_enabled ?? false}
            askPasskey={profile?.has_passkeys ?? false}
            heldUntil={profile?.withdrawals_held_until ?? null}
            paused={paused}
          />
        </>
      )}
      <DepositDialog
        open={open && action.kind === 'deposit' && !rupee}
        onOpenChange={setOpen}
        token={{ id: action.coin.token_id, short_name: action.coin.short_name }}
      />
      <WithdrawDialog
        open={open && action.kind === 'withdraw' && !rupee}
        onOpenChange={setOpen}
        coin={action.coin}
        askCode={profile?.two_factor_enabled ?? false}
        askPasskey={profile?.has_passkeys ?? false}
        heldUntil={profile?.withdrawals_held_until ?? null}
        paused={paused}
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
