import styles from './status-badge.module.css';

export type BadgeTone = 'pending' | 'success' | 'danger' | 'neutral';

/** A short status word in its colour (Pending orange, Approved green, Rejected red, Cancelled grey). */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
