import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/** Spec section 2, wallet layout: Overview (exact), Spot, Funding. */
export function WalletLayout() {
  return (
    <SideNavLayout
      label="Wallets"
      items={[
        { label: 'Overview', to: paths.wallets.getHref(), end: true },
        { label: 'Spot', to: paths.walletsSpot.getHref() },
        { label: 'Funding', to: paths.walletsFunding.getHref() },
      ]}
    />
  );
}
