import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import styles from './dropdown-menu.module.css';

export interface MenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  /** Marks the current choice (a checked radio item). */
  current?: boolean;
}

export interface DropdownMenuProps {
  /** The trigger's content; `triggerLabel` names it for screen readers. */
  trigger: ReactNode;
  triggerLabel: string;
  items: readonly MenuItem[];
  triggerClassName?: string;
  /** Open from the start, and focus the trigger on mounting (`LazyDropdownMenu` hands these on). */
  defaultOpen?: boolean;
  autoFocus?: boolean;
}

/** A menu button over Radix: arrow keys, type-ahead, Escape closes and focus returns. */
export function DropdownMenu({
  trigger,
  triggerLabel,
  items,
  triggerClassName,
  defaultOpen,
  autoFocus,
}: DropdownMenuProps) {
  return (
    <RadixMenu.Root defaultOpen={defaultOpen}>
      <RadixMenu.Trigger
        autoFocus={autoFocus}
        className={triggerClassName ? `${styles.trigger} ${triggerClassName}` : styles.trigger}
        aria-label={triggerLabel}
      >
        {trigger}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={styles.content} sideOffset={6} align="start">
          {items.map((item) => (
            <RadixMenu.Item
              key={item.key}
              className={item.current ? `${styles.item} ${styles.current}` : styles.item}
              onSelect={item.onSelect}
              aria-current={item.current || undefined}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
