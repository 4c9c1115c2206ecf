import { useSelector } from 'react-redux';
import { useIsAuthenticated } from '@/lib/session';
import { useGetProfileQuery } from '../api/auth-api';
import { selectProfile, type UserInfoState } from '../user-info-slice';

/** The signed-in user's profile: fetched only while a token exists (spec section 4). */
export function useProfile() {
  const signedIn = useIsAuthenticated();
  const query = useGetProfileQuery(undefined, { skip: !signedIn });
  const stored = useSelector((state: { userInfo: UserInfoState }) => selectProfile(state));
  const profile = signedIn ? (query.data ?? stored) : null;
  return {
    signedIn,
    profile,
    isLoading: signedIn && !profile && query.isFetching,
    /** No profile to show and the last fetch failed: say so and offer `retry`. */
    isError: signedIn && !profile && query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}
