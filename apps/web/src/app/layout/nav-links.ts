import type { UserRole } from '@exchange/contracts';
import { paths } from '@/config/paths';

/** Spec section 2: the links a signed-in user adds to the top bar. */
export const SIGNED_IN_LINKS = [
  { label: 'Market', to: paths.market.getHref() },
  { label: 'Wallets', to: paths.wallets.getHref() },
  { label: 'Identity Verification', to: paths.profileKyc.getHref() },
  { label: 'Deposit History', to: paths.depositHistory.getHref() },
  { label: 'Withdraw History', to: paths.withdrawHistory.getHref() },
] as const;

/** The top bar's signed-in links, with the admin console for admins. */
export const signedInLinks = (role: UserRole | undefined) =>
  role === 'admin'
    ? [...SIGNED_IN_LINKS, { label: 'Admin', to: paths.admin.getHref() }]
    : SIGNED_IN_LINKS;
