import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
  /**
   * The panel holds a Tab stop of its own (the book's rows): then the panel itself is not one,
   * as the APG's tabs pattern says, so Tab goes from the tab straight into it.
   */
  hasFocusable?: boolean;
}

interface TabsProps<V extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Drawn at the end of the tab row (a toggle, a link). */
  end?: ReactNode;
  className?: string;
}

/**
 * Tabs over Radix: arrow keys move between tabs, each panel is labelled by its tab. Only the
 * selected panel is mounted, so hidden tabs fetch and render nothing.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onValueChange,
  end,
  className,
}: TabsProps<V>) {
  return (
    <RadixTabs.Root
      className={className ? `${styles.root} ${className}` : styles.root}
      value={value}
      onValueChange={(v) => onValueChange(v as V)}
    >
      <div className={styles.bar}>
        <RadixTabs.List className={styles.list} aria-label={label}>
          {items.map((item) => (
            <RadixTabs.Trigger key={item.value} value={item.value} className={styles.trigger}>
              {item.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
        {end}
      </div>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          className={styles.panel}
          tabIndex={item.hasFocusable ? undefined : 0}
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
