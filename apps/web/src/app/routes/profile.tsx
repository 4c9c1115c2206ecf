import { ProfileState } from '@/features/auth/components/profile-state';
import { ProfileSummary } from '@/features/auth/components/profile-summary';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { ProfileMarkets } from '@/features/market/components/profile-markets';

/** /profile: the dashboard. */
export function Component() {
  const { profile, isError, retry } = useProfile();
  return (
    <>
      {profile ? (
        <ProfileSummary profile={profile} />
      ) : (
        <ProfileState isError={isError} retry={retry} />
      )}
      <ProfileMarkets />
    </>
  );
}
