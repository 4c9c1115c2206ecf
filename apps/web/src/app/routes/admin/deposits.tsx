import styles from '../page.module.css';

/** /admin/deposits: deposit claims to confirm or reject. */
export function Component() {
  return (
    <section aria-labelledby="admin-deposits-title">
      <h1 id="admin-deposits-title" className={styles.title}>
        Deposits
      </h1>
    </section>
  );
}
