import { FundingWalletTable } from '@/features/wallets/components/funding-wallet-table';
import { useWallets } from '@/features/wallets/hooks/use-wallets';
import { useWalletDialogs } from './use-wallet-dialogs';
import { ConvertPanel } from './convert-panel';
import { WalletPage } from './wallet-page';

/** /wallets/funding and /profile/funding */
export function Component() {
  const wallets = useWallets('funding');
  const { onAction, dialogs } = useWalletDialogs();
  return (
    <WalletPage title="Funding Wallet">
      <ConvertPanel groups={wallets.groups} />
      <FundingWalletTable {...wallets} onAction={onAction} />
      {dialogs}
    </WalletPage>
  );
}
