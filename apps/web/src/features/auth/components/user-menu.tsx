import type { UserProfile } from '@exchange/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePopUp } from '@/lib/use-pop-up';
import { useLogout } from '../hooks/use-logout';
import styles from './user-menu.module.css';

/** Spec section 2: the first letter of first_name, or U. */
export const avatarInitial = (profile: UserProfile | null) =>
  (profile?.first_name.trim()[0] ?? 'U').toUpperCase();

/**
 * The signed-in avatar, a link to /profile, and beside it the account menu (name, email, links,
 * Log Out), which opens under the pointer or from its button (`usePopUp`).
 */
export function UserMenu({ profile }: { profile: UserProfile | null }) {
  const popUp = usePopUp();
  const logout = useLogout();
  const fullName = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <div className={styles.root} {...popUp.root}>
      <Link
        to={paths.profile.getHref()}
        className={styles.avatar}
        aria-label="Profile"
        data-testid="avatar"
      >
        {avatarInitial(profile)}
      </Link>
      <button className={styles.caret} aria-label="Account menu" {...popUp.trigger}>
        <span aria-hidden="true">▾</span>
      </button>
      {popUp.open && (
        <div className={styles.menu} role="group" aria-label="Account" {...popUp.panel}>
          <div className={styles.identity}>
            <strong>{fullName || 'User'}</strong>
            <span>{profile?.email}</span>
          </div>
          <Link to={paths.profile.getHref()} className={styles.item}>
            Dashboard
          </Link>
          <Link to={paths.profileKyc.getHref()} className={styles.item}>
            Identity Verification
          </Link>
          <Link to={paths.wallets.getHref()} className={styles.item}>
            Wallets
          </Link>
          <button
            type="button"
            className={`${styles.item} ${styles.logout}`}
            onClick={() => void logout()}
          >
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}
