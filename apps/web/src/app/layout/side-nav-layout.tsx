import { NavLink, Outlet } from 'react-router';
import styles from './side-nav-layout.module.css';

export interface SideNavItem {
  label: string;
  to: string;
  /** Active only on this exact path (the wallet Overview). */
  end?: boolean;
}

/** A page with its side menu (a row of tabs on narrow screens) and the screen beside it. */
export function SideNavLayout({ label, items }: { label: string; items: SideNavItem[] }) {
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={label}>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end ?? false}
            className={({ isActive }) =>
              isActive ? `${styles.link} ${styles.active}` : styles.link
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
