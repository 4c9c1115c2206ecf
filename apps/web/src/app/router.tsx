import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly, KycApplicantOnly, Protected } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

const toBtcUsdt = <Navigate to={paths.trade.getHref()} replace />;

/** A placeholder screen for routes whose screens arrive with later issues. */
const placeholder = (title: string, path: string): RouteObject => ({
  path,
  lazy: async () => {
    const { PlaceholderPage } = await import('./routes/placeholder');
    return { element: <PlaceholderPage title={title} /> };
  },
});

/** The route table of spec section 2; every screen is its own chunk. */
export const routes: RouteObject[] = [
  {
    path: paths.customChart.path,
    errorElement: <RouteError />,
    lazy: async () => {
      const { PlaceholderPage } = await import('./routes/placeholder');
      return { element: <PlaceholderPage title="Chart" /> };
    },
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: toBtcUsdt },
      {
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: [
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.signUp.path, lazy: () => import('./routes/crypto-signup') },
          { path: paths.verification.path, lazy: () => import('./routes/verification') },
          { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
        ],
      },
      {
        element: (
          <KycApplicantOnly>
            <Outlet />
          </KycApplicantOnly>
        ),
        children: [placeholder('Identity Verification', paths.kycVerification.path)],
      },
      {
        element: (
          <Protected>
            <Outlet />
          </Protected>
        ),
        children: [
          placeholder('Wallet Overview', paths.wallets.path),
          placeholder('Spot Wallet', paths.walletsSpot.path),
          placeholder('Funding Wallet', paths.walletsFunding.path),
          placeholder('Dashboard', paths.profile.path),
          placeholder('Identity Verification', paths.profileKyc.path),
          placeholder('Funding Wallet', paths.profileFunding.path),
          placeholder('Markets Overview', paths.market.path),
          placeholder('Deposit History', paths.depositHistory.path),
          placeholder('Withdraw History', paths.withdrawHistory.path),
        ],
      },
      { path: paths.trade.path, lazy: () => import('./routes/trade') },
      { path: '*', element: toBtcUsdt },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
