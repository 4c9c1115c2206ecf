import type { UserRole } from '@exchange/contracts';
import { paths } from '@/config/paths';

/** Spec section 2: the links a signed-in user adds to the top bar (`label`: a `common` key). */
export const SIGNED_IN_LINKS = [
  { label: 'nav.market', to: paths.market.getHref() },
  { label: 'nav.wallets', to: paths.wallets.getHref() },
  { label: 'nav.identityVerification', to: paths.profileKyc.getHref() },
  { label: 'nav.depositHistory', to: paths.depositHistory.getHref() },
  { label: 'nav.withdrawHistory', to: paths.withdrawHistory.getHref() },
] as const;

/** The top bar's signed-in links, with the admin console for admins. */
export const signedInLinks = (role: UserRole | undefined) =>
  role === 'admin'
    ? [...SIGNED_IN_LINKS, { label: 'nav.admin', to: paths.admin.getHref() }]
    : SIGNED_IN_LINKS;
