import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { TradeMenu } from '@/features/market/components/trade-menu';
import { MobileMenu } from './mobile-menu';
import { signedInLinks } from './nav-links';
import styles from './top-bar.module.css';

/** The sticky top bar of spec section 2. */
export function TopBar() {
  const { signedIn, profile } = useProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label="Main">
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
                {link.label}
              </NavLink>
            ))}
        </div>
        <div className={styles.end}>
          {signedIn ? (
            <UserMenu profile={profile} />
          ) : (
            <>
              <Link to={paths.login.getHref()} className={styles.login}>
                Log In
              </Link>
              <Link to={paths.signUp.getHref()} className={styles.signup}>
                Sign Up
              </Link>
            </>
          )}
          <button
            type="button"
            className={styles.toggle}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
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
