import styles from '../page.module.css';

/** /admin/ledger-audit: the ledger audit (its page arrives with the audit console). */
export function Component() {
  return (
    <section aria-labelledby="admin-ledger-audit-title">
      <h1 id="admin-ledger-audit-title" className={styles.title}>
        Ledger audit
      </h1>
    </section>
  );
}
