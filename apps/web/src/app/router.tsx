import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type LazyRouteFunction,
  type RouteObject,
} from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AdminOnly, GuestOnly, KycApplicantOnly, Protected } from './guards';
import { ProfileLayout } from './layout/profile-layout';
import { RootLayout } from './layout/root-layout';
import { WalletLayout } from './layout/wallet-layout';
import { ROUTE_PAGES, type RoutePagePath } from './route-pages';
import { RouteError } from './route-error';

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;
/** The modules route-pages.ts names, each its own chunk (the wallet pages' shared parts are not). */
export const MODULES = import.meta.glob<RouteModule>([
  './routes/*.tsx',
  './routes/wallets/{overview,spot,funding}.tsx',
  './routes/admin/console.tsx',
  '!./routes/*.test.tsx',
  '../features/chart/components/price-chart.tsx',
]);

function loaderOf(module: string) {
  const load = MODULES[module];
  if (!load) throw new Error(`route-pages.ts names ${module}, which the router cannot load`);
  return load;
}

/** The `lazy` of the screen at `path` (route-pages.ts): its module, with the rest fetched beside. */
function lazyOf(path: RoutePagePath): () => Promise<RouteModule> {
  const [main, ...beside] =
    ROUTE_PAGES.find((entry) => entry.path === path)?.modules.map(loaderOf) ?? [];
  if (!main) throw new Error(`route-pages.ts has no modules for ${path}`);
  return () => {
    for (const load of beside) void load();
    return main();
  };
}
const page = (path: RoutePagePath): RouteObject => ({ path, lazy: lazyOf(path) });

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
    ...page(paths.customChart.path),
    errorElement: <RouteError />,
    hydrateFallbackElement: loadingPage,
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
          page(paths.login.path),
          page(paths.signUp.path),
          page(paths.verification.path),
          page(paths.resetPassword.path),
        ],
      },
      {
        element: (
          <KycApplicantOnly>
            <Outlet />
          </KycApplicantOnly>
        ),
        children: [page(paths.kycVerification.path)],
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
              page(paths.wallets.path),
              page(paths.walletsSpot.path),
              page(paths.walletsFunding.path),
            ],
          },
          {
            element: <ProfileLayout />,
            children: [
              page(paths.profile.path),
              page(paths.profileKyc.path),
              page(paths.profileSecurity.path),
              page(paths.profileTax.path),
              page(paths.profileBankAccounts.path),
              page(paths.profileApiKeys.path),
              page(paths.profileFunding.path),
            ],
          },
          page(paths.market.path),
          page(paths.depositHistory.path),
          page(paths.withdrawHistory.path),
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
        children: [{ path: '*', lazy: lazyOf(paths.admin.path) }],
      },
      // Public: anyone may see the reserves; a signed-in user also checks their own proof.
      page(paths.proofOfReserves.path),
      // Public: a withdrawal mail's cancel link, signed in or not.
      page(paths.withdrawCancel.path),
      // Public: a withdrawal mail's confirm link, signed in or not.
      page(paths.withdrawConfirm.path),
      page(paths.trade.path),
      { path: '*', element: toBtcUsdt },
    ],
  },
];

/** Made, it loads the current address's screen at once (its chunk, its texts). */
export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;
