import { useTranslation } from 'react-i18next';
import { FundingWalletTable } from '@/features/wallets/components/funding-wallet-table';
import { useCoinFilter } from '@/features/wallets/hooks/use-coin-filter';
import { useWallets } from '@/features/wallets/hooks/use-wallets';
import { useWalletDialogs } from './use-wallet-dialogs';
import { ConvertPanel } from './convert-panel';
import { WalletPage } from './wallet-page';

/** /wallets/funding and /profile/funding */
export function Component() {
  const { t } = useTranslation('wallets');
  const wallets = useWallets('funding');
  const { shown, bar, emptyText } = useCoinFilter(wallets.groups, 'funding');
  const { onAction, dialogs } = useWalletDialogs();
  return (
    <WalletPage title={t('pages.funding')}>
      <ConvertPanel groups={wallets.groups} />
      {bar}
      <FundingWalletTable {...wallets} groups={shown} emptyText={emptyText} onAction={onAction} />
      {dialogs}
    </WalletPage>
  );
}
