import type { UserProfile } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('common');
  const popUp = usePopUp();
  const logout = useLogout();
  const fullName = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <div className={styles.root} {...popUp.root}>
      <Link
        to={paths.profile.getHref()}
        className={styles.avatar}
        aria-label={t('nav.profile')}
        data-testid="avatar"
      >
        {avatarInitial(profile)}
      </Link>
      <button className={styles.caret} aria-label={t('nav.accountMenu')} {...popUp.trigger}>
        <span aria-hidden="true">▾</span>
      </button>
      {popUp.open && (
        <div className={styles.menu} role="group" aria-label={t('nav.account')} {...popUp.panel}>
          <div className={styles.identity}>
            <strong>{fullName || t('nav.user')}</strong>
            <span>{profile?.email}</span>
          </div>
          <Link to={paths.profile.getHref()} className={styles.item}>
            {t('nav.dashboard')}
          </Link>
          <Link to={paths.profileKyc.getHref()} className={styles.item}>
            {t('nav.identityVerification')}
          </Link>
          <Link to={paths.wallets.getHref()} className={styles.item}>
            {t('nav.wallets')}
          </Link>
          <button
            type="button"
            className={`${styles.item} ${styles.logout}`}
            onClick={() => void logout()}
          >
            {t('nav.logOut')}
          </button>
        </div>
      )}
    </div>
  );
}
