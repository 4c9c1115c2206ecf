import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/**
 * Spec section 2, profile: side nav items Dashboard and Identity Verification; then Security,
 * API Keys for programs, Bank Accounts for rupees in and out, and Tax for the TDS deducted.
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
        { label: 'Bank Accounts', to: paths.profileBankAccounts.getHref() },
        { label: 'Tax', to: paths.profileTax.getHref() },
      ]}
    />
  );
}
