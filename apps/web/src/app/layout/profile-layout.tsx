import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/**
 * Spec section 2, profile: side nav items Dashboard and Identity Verification; then Security,
 * API Keys for programs, Bank Accounts for rupees in and out, and Tax for the TDS deducted.
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <SideNavLayout
      label={t('nav.profile')}
      items={[
        { label: t('nav.dashboard'), to: paths.profile.getHref(), end: true },
        { label: t('nav.identityVerification'), to: paths.profileKyc.getHref() },
        { label: t('nav.security'), to: paths.profileSecurity.getHref() },
        { label: t('nav.apiKeys'), to: paths.profileApiKeys.getHref() },
        { label: t('nav.bankAccounts'), to: paths.profileBankAccounts.getHref() },
        { label: t('nav.tax'), to: paths.profileTax.getHref() },
      ]}
    />
  );
}
