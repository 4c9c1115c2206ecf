import type { UserProfile } from '@exchange/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '../hooks/use-logout';
import styles from './user-menu.module.css';

/** Spec section 2: the first letter of first_name, or U. */
export const avatarInitial = (profile: UserProfile | null) =>
  (profile?.first_name.trim()[0] ?? 'U').toUpperCase();

/** The signed-in avatar: clicking goes to /profile; hovering opens name, email, links, Log Out. */
export function UserMenu({ profile }: { profile: UserProfile | null }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <div
      className={styles.root}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={styles.avatar}
        aria-label="Profile"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="avatar"
        onClick={() => navigate(paths.profile.getHref())}
      >
        {avatarInitial(profile)}
      </button>
      {open && (
        <div className={styles.menu} role="menu" aria-label="Account">
          <div className={styles.identity}>
            <strong>{fullName || 'User'}</strong>
            <span>{profile?.email}</span>
          </div>
          <Link role="menuitem" to={paths.profile.getHref()} className={styles.item}>
            Dashboard
          </Link>
          <Link role="menuitem" to={paths.profileKyc.getHref()} className={styles.item}>
            Identity Verification
          </Link>
          <Link role="menuitem" to={paths.wallets.getHref()} className={styles.item}>
            Wallets
          </Link>
          <button
            type="button"
            role="menuitem"
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
