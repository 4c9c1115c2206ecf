import { LedgerAuditView } from '@/features/admin-audit/components/ledger-audit-view';
import styles from '../page.module.css';

/** /admin/ledger-audit: the latest ledger audit, its per-asset totals, and running it now. */
export function Component() {
  return (
    <section aria-labelledby="admin-ledger-audit-title" className={styles.stack}>
      <h1 id="admin-ledger-audit-title" className={styles.title}>
        Ledger audit
      </h1>
      <LedgerAuditView />
    </section>
  );
}
