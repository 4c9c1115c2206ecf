import { paths } from '@/config/paths';

/**
 * Each screen's code by its path: the module (relative to this folder) the router loads lazily
 * for it, then anything fetched beside it; `alsoAt`, paths that lead straight to the screen. The
 * router takes its `lazy` from here; the build (scripts/route-pages-plugin.ts) writes, from the
 * same table, a page per path that names the chunks it needs, so the browser fetches them with
 * the shell instead of after it has run.
 */
export const ROUTE_PAGES = [
  { path: paths.customChart.path, modules: ['./routes/custom-chart.tsx'] },
  { path: paths.login.path, modules: ['./routes/login.tsx'] },
  { path: paths.signUp.path, modules: ['./routes/crypto-signup.tsx'] },
  { path: paths.verification.path, modules: ['./routes/verification.tsx'] },
  { path: paths.resetPassword.path, modules: ['./routes/reset-password.tsx'] },
  { path: paths.kycVerification.path, modules: ['./routes/kyc-verification.tsx'] },
  { path: paths.wallets.path, modules: ['./routes/wallets/overview.tsx'] },
  { path: paths.walletsSpot.path, modules: ['./routes/wallets/spot.tsx'] },
  { path: paths.walletsFunding.path, modules: ['./routes/wallets/funding.tsx'] },
  { path: paths.profile.path, modules: ['./routes/profile.tsx'] },
  { path: paths.profileKyc.path, modules: ['./routes/profile-kyc.tsx'] },
  { path: paths.profileSecurity.path, modules: ['./routes/profile-security.tsx'] },
  { path: paths.profileTax.path, modules: ['./routes/profile-tax.tsx'] },
  { path: paths.profileBankAccounts.path, modules: ['./routes/profile-bank-accounts.tsx'] },
  { path: paths.profileApiKeys.path, modules: ['./routes/profile-api-keys.tsx'] },
  { path: paths.profileFunding.path, modules: ['./routes/wallets/funding.tsx'] },
  { path: paths.market.path, modules: ['./routes/market.tsx'] },
  { path: paths.depositHistory.path, modules: ['./routes/deposit-history.tsx'] },
  { path: paths.withdrawHistory.path, modules: ['./routes/withdraw-history.tsx'] },
  { path: paths.admin.path, modules: ['./routes/admin/console.tsx'] },
  { path: paths.proofOfReserves.path, modules: ['./routes/proof-of-reserves.tsx'] },
  { path: paths.withdrawCancel.path, modules: ['./routes/withdraw-cancel.tsx'] },
  { path: paths.withdrawConfirm.path, modules: ['./routes/withdraw-confirm.tsx'] },
  // The chart's code comes beside the screen's; `/` sends the visitor here (the router's index).
  {
    path: paths.trade.path,
    modules: ['./routes/trade.tsx', '../features/chart/components/price-chart.tsx'],
    alsoAt: [paths.home.path],
  },
] as const;

export type RoutePagePath = (typeof ROUTE_PAGES)[number]['path'];
