import { INR } from '@exchange/contracts';
import { lazy, Suspense, useState } from 'react';
import type { DepositCoin } from '@/features/orders/components/available-balance';

// Each loads when the order form's "available ⊕" is first pressed.
const DepositDialog = lazy(() =>
  import('@/features/deposits/components/deposit-dialog').then((m) => ({
    default: m.DepositDialog,
  })),
);
const RupeeFundsDialog = lazy(() =>
  import('@/features/wallets/components/rupee-funds-dialog').then((m) => ({
    default: m.RupeeFundsDialog,
  })),
);
const InrDepositDialog = lazy(() =>
  import('@/features/rupees/components/inr-deposit-dialog').then((m) => ({
    default: m.InrDepositDialog,
  })),
);

interface TradeDepositProps {
  coin: DepositCoin;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * What the order form's "available ⊕" opens: a coin's deposit dialog; for rupees (W4-1, which
 * no chain carries) the Funding → Spot transfer with both balances, and from there the UPI deposit.
 */
export function TradeDeposit({ coin, open, onOpenChange }: TradeDepositProps) {
  const [upi, setUpi] = useState(false);
  if (coin.short_name !== INR)
    return (
      <Suspense fallback={null}>
        <DepositDialog open={open} onOpenChange={onOpenChange} token={coin} />
      </Suspense>
    );
  return (
    <Suspense fallback={null}>
      <RupeeFundsDialog
        open={open && !upi}
        onOpenChange={onOpenChange}
        onDepositRupees={() => setUpi(true)}
      />
      <InrDepositDialog
        open={open && upi}
        onOpenChange={(next) => {
          setUpi(false);
          onOpenChange(next);
        }}
      />
    </Suspense>
  );
}
