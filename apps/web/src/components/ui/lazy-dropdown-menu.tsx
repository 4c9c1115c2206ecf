import { lazy, Suspense, useState } from 'react';
import type { DropdownMenuProps } from './dropdown-menu';
import styles from './dropdown-menu.module.css';

const DropdownMenu = lazy(() =>
  import('./dropdown-menu').then((m) => ({ default: m.DropdownMenu })),
);

/**
 * The DropdownMenu for a page that shows one at once (the trading page's pair selector): the page
 * paints without Radix Menu's code, which loads right after. Until then, the same trigger, so
 * nothing moves; one clicked or pressed meanwhile opens the menu once it has loaded, and one
 * that had focus hands it on.
 */
export function LazyDropdownMenu(props: DropdownMenuProps) {
  const { trigger, triggerLabel, triggerClassName } = props;
  const [early, setEarly] = useState({ focused: false, opened: false });
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={triggerClassName ? `${styles.trigger} ${triggerClassName}` : styles.trigger}
          aria-label={triggerLabel}
          aria-busy="true"
          onFocus={() => setEarly((e) => ({ ...e, focused: true }))}
          onBlur={() => setEarly((e) => ({ ...e, focused: false }))}
          onClick={() => setEarly({ focused: true, opened: true })}
        >
          {trigger}
          <span aria-hidden="true" className={styles.caret}>
            ▾
          </span>
        </button>
      }
    >
      <DropdownMenu {...props} defaultOpen={early.opened} autoFocus={early.focused} />
    </Suspense>
  );
}
