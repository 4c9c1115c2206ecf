import { useTranslation } from 'react-i18next';
import { WalletOverview } from '@/features/wallets/components/wallet-overview';
import { useCoinFilter } from '@/features/wallets/hooks/use-coin-filter';
import { useWallets } from '@/features/wallets/hooks/use-wallets';
import { useUsdtPrices } from '@/features/market/hooks/use-usdt-prices';
import { PnlPanel } from '@/features/portfolio/components/pnl-panel';
import { useWalletDialogs } from './use-wallet-dialogs';
import { WalletPage } from './wallet-page';

/** /wallets: the overview, valued at live USDT prices. */
export function Component() {
  const { t } = useTranslation('wallets');
  const { groups, isLoading, error } = useWallets();
  const prices = useUsdtPrices();
  const { shown, bar, emptyText } = useCoinFilter(groups);
  const { onAction, dialogs } = useWalletDialogs();
  return (
    <WalletPage title={t('pages.overview')}>
      <WalletOverview
        groups={groups}
        shown={shown}
        emptyText={emptyText}
        toolbar={bar}
        prices={prices}
        isLoading={isLoading}
        error={error}
        onAction={onAction}
        footer={<PnlPanel />}
      />
      {dialogs}
    </WalletPage>
  );
}
