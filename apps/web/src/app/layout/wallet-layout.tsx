import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/** Spec section 2, wallet layout: Overview (exact), Spot, Funding. */
export function WalletLayout() {
  const { t } = useTranslation('common');
  return (
    <SideNavLayout
      label={t('nav.wallets')}
      items={[
        { label: t('nav.overview'), to: paths.wallets.getHref(), end: true },
        { label: t('nav.spot'), to: paths.walletsSpot.getHref() },
        { label: t('nav.funding'), to: paths.walletsFunding.getHref() },
      ]}
    />
  );
}
