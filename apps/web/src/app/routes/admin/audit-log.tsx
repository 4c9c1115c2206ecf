import styles from '../page.module.css';

/** /admin/audit-log: every admin action (its page arrives with the audit log). */
export function Component() {
  return (
    <section aria-labelledby="admin-audit-log-title">
      <h1 id="admin-audit-log-title" className={styles.title}>
        Audit log
      </h1>
    </section>
  );
}
