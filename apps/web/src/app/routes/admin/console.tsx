import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AdminLayout } from '../../layout/admin-layout';

/** A console page, loaded when first opened. */
function page(path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject {
  const Page = lazy(() => load().then((m) => ({ default: m.Component })));
  return {
    path,
    element: (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    ),
  };
}

const toFirstPage = <Navigate to={paths.adminIdentity.getHref()} replace />;

/** The console's route table, below /admin (object routes: the user's entry chunk stays as is). */
const CONSOLE: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: toFirstPage },
      page(paths.adminIdentity.path, () => import('./identity')),
      page(paths.adminDeposits.path, () => import('./deposits')),
      page(paths.adminWithdrawals.path, () => import('./withdrawals')),
      page(paths.adminUsers.path, () => import('./users')),
      page(paths.adminMarkets.path, () => import('./markets')),
      page(paths.adminLedgerAudit.path, () => import('./ledger-audit')),
      page(paths.adminAuditLog.path, () => import('./audit-log')),
      page(paths.adminTax.path, () => import('./tax')),
      page(paths.adminBankAccounts.path, () => import('./bank-accounts')),
      page(paths.adminRupees.path, () => import('./rupees')),
      page(paths.adminAml.path, () => import('./aml')),
      { path: '*', element: toFirstPage },
    ],
  },
];

/** /admin/*: the admin console (the router admits the `admin` role only). */
export function Component() {
  return useRoutes(CONSOLE);
}
