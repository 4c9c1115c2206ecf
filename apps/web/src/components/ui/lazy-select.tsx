import { lazy, Suspense } from 'react';
import type { SelectProps } from './select';
import styles from './select.module.css';

const Select = lazy(() => import('./select').then((m) => ({ default: m.Select })));

/**
 * The Select for a page that shows one before any other use of Radix: the page shows without
 * Radix Select's code, which loads when the select first renders (like the trading page's
 * chart). Until then, the same label and field with the chosen option, so nothing moves.
 */
export function LazySelect(props: SelectProps) {
  const { label, options, value, placeholder = 'Select', hideLabel = false } = props;
  const chosen = options.find((option) => option.value === value);
  return (
    <Suspense
      fallback={
        <div className={styles.field}>
          <span className={hideLabel ? 'sr-only' : styles.label}>{label}</span>
          <button type="button" className={styles.trigger} aria-label={label} aria-busy="true">
            <span>{chosen?.label ?? placeholder}</span>
            <span className={styles.icon} aria-hidden="true">
              ▾
            </span>
          </button>
        </div>
      }
    >
      <Select {...props} />
    </Suspense>
  );
}
