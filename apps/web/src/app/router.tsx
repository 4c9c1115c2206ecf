import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AdminOnly, GuestOnly, KycApplicantOnly, Protected } from './guards';
import { ProfileLayout } from './layout/profile-layout';
import { RootLayout } from './layout/root-layout';
import { WalletLayout } from './layout/wallet-layout';
import { RouteError } from './route-error';

const toBtcUsdt = <Navigate to={paths.trade.getHref()} replace />;
/** Shown on a first visit while the screen's chunk loads (the router starts once it has). */
function LoadingPage() {
  const { t } = useTranslation('common');
  return <Spinner label={t('loadingPage')} />;
}
const loadingPage = <LoadingPage />;

/** The route table of spec section 2; every screen is its own chunk. */
export const routes: RouteObject[] = [
  {
    path: paths.customChart.path,
    errorElement: <RouteError />,
    hydrateFallbackElement: loadingPage,
    lazy: () => import('./routes/custom-chart'),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: loadingPage,
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
        children: [
          { path: paths.kycVerification.path, lazy: () => import('./routes/kyc-verification') },
        ],
      },
      {
        element: (
          <Protected>
            <Outlet />
          </Protected>
        ),
        children: [
          {
            element: <WalletLayout />,
            children: [
              { path: paths.wallets.path, lazy: () => import('./routes/wallets/overview') },
              { path: paths.walletsSpot.path, lazy: () => import('./routes/wallets/spot') },
              { path: paths.walletsFunding.path, lazy: () => import('./routes/wallets/funding') },
            ],
          },
          {
            element: <ProfileLayout />,
            children: [
              { path: paths.profile.path, lazy: () => import('./routes/profile') },
              { path: paths.profileKyc.path, lazy: () => import('./routes/profile-kyc') },
              {
                path: paths.profileSecurity.path,
                lazy: () => import('./routes/profile-security'),
              },
              { path: paths.profileTax.path, lazy: () => import('./routes/profile-tax') },
              {
                path: paths.profileBankAccounts.path,
                lazy: () => import('./routes/profile-bank-accounts'),
              },
              { path: paths.profileApiKeys.path, lazy: () => import('./routes/profile-api-keys') },
              { path: paths.profileFunding.path, lazy: () => import('./routes/wallets/funding') },
            ],
          },
          { path: paths.market.path, lazy: () => import('./routes/market') },
          { path: paths.depositHistory.path, lazy: () => import('./routes/deposit-history') },
          { path: paths.withdrawHistory.path, lazy: () => import('./routes/withdraw-history') },
        ],
      },
      // The admin console is one chunk of its own (its pages load lazily inside it): users never
      // download it, and the entry carries only this line.
      {
        path: paths.admin.path,
        element: (
          <AdminOnly>
            <Outlet />
          </AdminOnly>
        ),
        children: [{ path: '*', lazy: () => import('./routes/admin/console') }],
      },
      // Public: anyone may see the reserves; a signed-in user also checks their own proof.
      { path: paths.proofOfReserves.path, lazy: () => import('./routes/proof-of-reserves') },
      // Public: a withdrawal mail's cancel link, signed in or not.
      { path: paths.withdrawCancel.path, lazy: () => import('./routes/withdraw-cancel') },
      {
        path: paths.trade.path,
        // The chart's code (the screen's largest paint, its legend) is fetched beside the
        // screen's, not once the screen's has arrived and run.
        lazy: () => {
          void import('@/features/chart/components/price-chart');
          return import('./routes/trade');
        },
      },
      { path: '*', element: toBtcUsdt },
    ],
  },
];

/** Made, it loads the current address's screen at once (its chunk, its texts). */
export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;
