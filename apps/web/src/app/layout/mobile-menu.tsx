import type { UserRole } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { useLanguage } from '@/features/auth/hooks/use-language';
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
  const { t } = useTranslation('common');
  const logout = useLogout();
  const { language, choose } = useLanguage();
  const links = signedIn
    ? signedInLinks(role)
    : [
        { label: 'nav.logIn', to: paths.login.getHref() },
        { label: 'nav.signUp', to: paths.signUp.getHref() },
      ];
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <aside id="mobile-menu" className={styles.drawer} aria-label={t('nav.menu')}>
        <nav className={styles.links}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link} onClick={onClose}>
              {t(link.label)}
            </NavLink>
          ))}
          {signedIn && (
            <button type="button" className={styles.logout} onClick={() => void logout()}>
              {t('nav.logOut')}
            </button>
          )}
        </nav>
        <div className={styles.language}>
          <LanguageSwitch value={language} onChange={choose} variant="field" />
        </div>
        <h2 className={styles.heading}>{t('nav.spotTrading')}</h2>
        <SymbolSideMenu signedIn={signedIn} onPick={onClose} />
      </aside>
    </>
  );
}
