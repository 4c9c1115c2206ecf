import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
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
 * nor pending; others go to /profile/kyc. That is decided once per visit: the final submit makes
 * the user pending, and the refetched profile can come back while the page is still leaving for /
 * (a transition React may hold back), which must not send the applicant to /profile/kyc instead.
 */
export function KycApplicantOnly({ children }: { children: ReactNode }) {
  const { signedIn, profile } = useProfile();
  const [admitted, setAdmitted] = useState<boolean>();
  if (!signedIn) return <Navigate to={paths.login.getHref()} replace />;
  if (!profile) return <Spinner />;
  const status = profile.verification_request_status;
  const admit = admitted ?? (status !== 'approved' && status !== 'pending_identity');
  if (admitted === undefined) setAdmitted(admit);
  return admit ? children : <Navigate to={paths.profileKyc.getHref()} replace />;
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
