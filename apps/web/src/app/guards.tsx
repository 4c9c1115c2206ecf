import type { ReactNode } from 'react';
import { Navigate, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { useIsAuthenticated } from '@/lib/session';

/** Guest-only pages send a signed-in user to / (spec section 2, Guards). */
export function GuestOnly({ children }: { children: ReactNode }) {
  return useIsAuthenticated() ? <Navigate to={paths.home.getHref()} replace /> : children;
}

/** Protected pages send a signed-out user to /login. */
export function Protected({ children }: { children: ReactNode }) {
  return useIsAuthenticated() ? children : <Navigate to={paths.login.getHref()} replace />;
}

/**
 * Decision D13: /kyc-verification admits signed-in users whose verification is neither approved
 * nor pending; others go to /profile/kyc. A submission that just made the user pending is already
 * on its way to / (loading that route's chunk), so the guard does not send it elsewhere meanwhile.
 */
export function KycApplicantOnly({ children }: { children: ReactNode }) {
  const { signedIn, profile } = useProfile();
  const leaving = useNavigation().state !== 'idle';
  if (!signedIn) return <Navigate to={paths.login.getHref()} replace />;
  if (!profile) return <Spinner />;
  const status = profile.verification_request_status;
  const done = status === 'approved' || status === 'pending_identity';
  return done && !leaving ? <Navigate to={paths.profileKyc.getHref()} replace /> : children;
}

/**
 * The admin console admits the `admin` role only (the server refuses everyone else with 403 on
 * every admin call): a signed-out visitor goes to /login, any other user to the trading screen.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { signedIn, profile } = useProfile();
  if (!signedIn) return <Navigate to={paths.login.getHref()} replace />;
  if (!profile) return <Spinner />;
  return profile.role === 'admin' ? children : <Navigate to={paths.trade.getHref()} replace />;
}
