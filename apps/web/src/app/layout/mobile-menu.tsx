import type { UserRole } from '@exchange/contracts';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { SymbolSideMenu } from '@/features/market/components/symbol-side-menu';
import { signedInLinks } from './nav-links';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  signedIn: boolean;
  role: UserRole | undefined;
  onClose: () => void;
}

/** The side menu behind the mobile toggle: links for the sign-in state and the live symbols. */
export function MobileMenu({ signedIn, role, onClose }: MobileMenuProps) {
  const logout = useLogout();
  const links = signedIn
    ? signedInLinks(role)
    : [
        { label: 'Log In', to: paths.login.getHref() },
        { label: 'Sign Up', to: paths.signUp.getHref() },
      ];
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <aside id="mobile-menu" className={styles.drawer} aria-label="Menu">
        <nav className={styles.links}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
          {signedIn && (
            <button type="button" className={styles.logout} onClick={() => void logout()}>
              Log Out
            </button>
          )}
        </nav>
        <h2 className={styles.heading}>Spot Trading</h2>
        <SymbolSideMenu signedIn={signedIn} onPick={onClose} />
      </aside>
    </>
  );
}
