import { useTranslation } from 'react-i18next';
import { SpotWalletTable } from '@/features/wallets/components/spot-wallet-table';
import { useCoinFilter } from '@/features/wallets/hooks/use-coin-filter';
import { useWallets } from '@/features/wallets/hooks/use-wallets';
import { useWalletDialogs } from './use-wallet-dialogs';
import { WalletPage } from './wallet-page';

/** /wallets/spot */
export function Component() {
  const { t } = useTranslation('wallets');
  const wallets = useWallets('spot');
  const { shown, bar, emptyText } = useCoinFilter(wallets.groups, 'spot');
  const { onAction, dialogs } = useWalletDialogs();
  return (
    <WalletPage title={t('pages.spot')}>
      {bar}
      <SpotWalletTable {...wallets} groups={shown} emptyText={emptyText} onAction={onAction} />
      {dialogs}
    </WalletPage>
  );
}
