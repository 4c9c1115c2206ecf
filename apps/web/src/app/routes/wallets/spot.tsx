import { SpotWalletTable } from '@/features/wallets/components/spot-wallet-table';
import { useWallets } from '@/features/wallets/hooks/use-wallets';
import { useWalletDialogs } from './use-wallet-dialogs';
import { WalletPage } from './wallet-page';

/** /wallets/spot */
export function Component() {
  const wallets = useWallets('spot');
  const { onAction, dialogs } = useWalletDialogs();
  return (
    <WalletPage title="Spot Wallet">
      <SpotWalletTable {...wallets} onAction={onAction} />
      {dialogs}
    </WalletPage>
  );
}
