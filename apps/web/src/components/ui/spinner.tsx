import styles from './spinner.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={styles.spinner} />
    </div>
  );
}
