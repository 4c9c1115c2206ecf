import { paths } from '@/config/paths';
import { SideNavLayout } from './side-nav-layout';

/** The admin console's side nav: the review queues, then users, markets, the audits and tax. */
export function AdminLayout() {
  return (
    <SideNavLayout
      label="Admin"
      items={[
        { label: 'Identity', to: paths.adminIdentity.getHref() },
        { label: 'Deposits', to: paths.adminDeposits.getHref() },
        { label: 'Withdrawals', to: paths.adminWithdrawals.getHref() },
        { label: 'Bank accounts', to: paths.adminBankAccounts.getHref() },
        { label: 'Rupees', to: paths.adminRupees.getHref() },
        { label: 'Users', to: paths.adminUsers.getHref() },
        { label: 'Markets', to: paths.adminMarkets.getHref() },
        { label: 'Ledger audit', to: paths.adminLedgerAudit.getHref() },
        { label: 'Audit log', to: paths.adminAuditLog.getHref() },
        { label: 'Tax', to: paths.adminTax.getHref() },
      ]}
    />
  );
}
