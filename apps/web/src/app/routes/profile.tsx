import { DisplaySettings } from '@/features/auth/components/display-settings';
import { ProfileState } from '@/features/auth/components/profile-state';
import { ProfileSummary } from '@/features/auth/components/profile-summary';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { ProfileMarkets } from '@/features/market/components/profile-markets';
import { PnlPanel } from '@/features/portfolio/components/pnl-panel';

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
      <DisplaySettings />
      <PnlPanel />
      <ProfileMarkets />
    </>
  );
}
