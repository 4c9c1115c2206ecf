import styles from '../page.module.css';

/** /admin/withdrawals: withdrawals to pay out or reject. */
export function Component() {
  return (
    <section aria-labelledby="admin-withdrawals-title">
      <h1 id="admin-withdrawals-title" className={styles.title}>
        Withdrawals
      </h1>
    </section>
  );
}
