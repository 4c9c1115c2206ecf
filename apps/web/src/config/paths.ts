import { DEFAULT_SYMBOL } from '@exchange/contracts';

/** Every route path of the app (spec section 2), in one place. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  trade: { path: '/:symbol', getHref: (symbol: string = DEFAULT_SYMBOL) => `/${symbol}` },
  login: { path: '/login', getHref: () => '/login' },
  signUp: { path: '/crypto-signup', getHref: () => '/crypto-signup' },
  verification: {
    path: '/verification',
    getHref: (type: string) => `/verification?type=${encodeURIComponent(type)}`,
  },
  kycVerification: { path: '/kyc-verification', getHref: () => '/kyc-verification' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  wallets: { path: '/wallets', getHref: () => '/wallets' },
  walletsSpot: { path: '/wallets/spot', getHref: () => '/wallets/spot' },
  walletsFunding: { path: '/wallets/funding', getHref: () => '/wallets/funding' },
  profile: { path: '/profile', getHref: () => '/profile' },
  profileKyc: { path: '/profile/kyc', getHref: () => '/profile/kyc' },
  profileSecurity: { path: '/profile/security', getHref: () => '/profile/security' },
  profileApiKeys: { path: '/profile/api-keys', getHref: () => '/profile/api-keys' },
  profileFunding: { path: '/profile/funding', getHref: () => '/profile/funding' },
  profileTax: { path: '/profile/tax', getHref: () => '/profile/tax' },
  profileBankAccounts: {
    path: '/profile/bank-accounts',
    getHref: () => '/profile/bank-accounts',
  },
  market: { path: '/market', getHref: () => '/market' },
  proofOfReserves: { path: '/proof-of-reserves', getHref: () => '/proof-of-reserves' },
  depositHistory: { path: '/deposit-history', getHref: () => '/deposit-history' },
  withdrawHistory: { path: '/withdraw-history', getHref: () => '/withdraw-history' },
  /** A withdrawal mail's cancel link (public). */
  withdrawCancel: { path: '/withdraw/cancel', getHref: () => '/withdraw/cancel' },
  /** A withdrawal mail's confirm link (public; walk-4 W4-4). */
  withdrawConfirm: { path: '/withdraw/confirm', getHref: () => '/withdraw/confirm' },
  /** The admin console: one lazily loaded route whose pages are matched below it. */
  admin: { path: '/admin/*', getHref: () => '/admin' },
  // The console's pages: `path` relative to /admin (the console's own route table).
  adminIdentity: { path: 'identity', getHref: () => '/admin/identity' },
  adminDeposits: { path: 'deposits', getHref: () => '/admin/deposits' },
  adminWithdrawals: { path: 'withdrawals', getHref: () => '/admin/withdrawals' },
  adminUsers: { path: 'users', getHref: () => '/admin/users' },
  adminMarkets: { path: 'markets', getHref: () => '/admin/markets' },
  adminLedgerAudit: { path: 'ledger-audit', getHref: () => '/admin/ledger-audit' },
  adminAuditLog: { path: 'audit-log', getHref: () => '/admin/audit-log' },
  adminTax: { path: 'tax', getHref: () => '/admin/tax' },
  adminBankAccounts: { path: 'bank-accounts', getHref: () => '/admin/bank-accounts' },
  adminRupees: { path: 'rupees', getHref: () => '/admin/rupees' },
  adminAml: { path: 'aml', getHref: () => '/admin/aml' },
  customChart: {
    path: '/custom-chart/:symbol',
    getHref: (symbol: string) => `/custom-chart/${symbol}`,
  },
} as const;
