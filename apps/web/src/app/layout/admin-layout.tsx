import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/** The admin console's side nav: the review queues, then users, markets, the audits and tax. */
export function AdminLayout() {
  const { t } = useTranslation('admin-console');
  return (
    <SideNavLayout
      label={t('nav.label')}
      items={[
        { label: t('nav.identity'), to: paths.adminIdentity.getHref() },
        { label: t('nav.deposits'), to: paths.adminDeposits.getHref() },
        { label: t('nav.withdrawals'), to: paths.adminWithdrawals.getHref() },
        { label: t('nav.bankAccounts'), to: paths.adminBankAccounts.getHref() },
        { label: t('nav.rupees'), to: paths.adminRupees.getHref() },
        { label: t('nav.aml'), to: paths.adminAml.getHref() },
        { label: t('nav.users'), to: paths.adminUsers.getHref() },
        { label: t('nav.markets'), to: paths.adminMarkets.getHref() },
        { label: t('nav.ledgerAudit'), to: paths.adminLedgerAudit.getHref() },
        { label: t('nav.auditLog'), to: paths.adminAuditLog.getHref() },
        { label: t('nav.tax'), to: paths.adminTax.getHref() },
      ]}
    />
  );
}
