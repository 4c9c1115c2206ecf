import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/**
 * Spec section 2, profile: side nav items Dashboard and Identity Verification; then Security,
 * API Keys for programs, and Tax for the TDS deducted from trades.
 */
export function ProfileLayout() {
  return (
    <SideNavLayout
      label="Profile"
      items={[
        { label: 'Dashboard', to: paths.profile.getHref(), end: true },
        { label: 'Identity Verification', to: paths.profileKyc.getHref() },
        { label: 'Security', to: paths.profileSecurity.getHref() },
        { label: 'API Keys', to: paths.profileApiKeys.getHref() },
        { label: 'Tax', to: paths.profileTax.getHref() },
      ]}
    />
  );
}
