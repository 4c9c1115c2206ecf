import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useLanguage } from '@/features/auth/hooks/use-language';
import { useSavedNumberGrouping } from '@/features/auth/hooks/use-number-grouping-setting';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { TradeMenu } from '@/features/market/components/trade-menu';
import { MobileMenu } from './mobile-menu';
import { signedInLinks } from './nav-links';
import styles from './top-bar.module.css';

// The bell loads beside the page rather than with it: no route pays for it on a first visit.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

/** The sticky top bar of spec section 2. */
export function TopBar() {
  const { t } = useTranslation('common');
  const { signedIn, profile } = useProfile();
  const { language, choose } = useLanguage();
  useSavedNumberGrouping();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label={t('nav.main')}>
        <Logo />
        <div className={styles.primary}>
          <TradeMenu />
          {signedIn &&
            signedInLinks(profile?.role).map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) => (isActive ? styles.linkActive : styles.link)}
              >
                {t(link.label)}
              </NavLink>
            ))}
        </div>
        <div className={styles.end}>
          {signedIn ? (
            <>
              <Suspense fallback={<span className={styles.bellSlot} />}>
                <NotificationBell />
              </Suspense>
              <UserMenu profile={profile} />
            </>
          ) : (
            <>
              <Link to={paths.login.getHref()} className={styles.login}>
                {t('nav.logIn')}
              </Link>
              <Link to={paths.signUp.getHref()} className={styles.signup}>
                {t('nav.signUp')}
              </Link>
            </>
          )}
          <div className={styles.language}>
            <LanguageSwitch value={language} onChange={choose} />
          </div>
          <button
            type="button"
            className={styles.toggle}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          </button>
        </div>
      </nav>
      {menuOpen && (
        <MobileMenu signedIn={signedIn} role={profile?.role} onClose={() => setMenuOpen(false)} />
      )}
    </header>
  );
}
