import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LedgerAuditView } from '@/features/admin-audit/components/ledger-audit-view';
import { PublishReserves } from '@/features/reserves/components/publish-reserves';
import styles from '../page.module.css';

/**
 * /admin/ledger-audit: the latest ledger audit, its per-asset totals, and running it now; and
 * publishing a proof of reserves, which runs the audit first and needs it to pass.
 */
export function Component() {
  return (
    <section aria-labelledby="admin-ledger-audit-title" className={styles.stack}>
      <h1 id="admin-ledger-audit-title" className={styles.title}>
        Ledger audit
      </h1>
      <LedgerAuditView />
      <section aria-labelledby="admin-reserves-title" className={styles.stack}>
        <h2 id="admin-reserves-title">Proof of reserves</h2>
        <p>
          Publishing audits the ledger first and publishes nothing while it fails. The latest
          snapshot is public at{' '}
          <Link to={paths.proofOfReserves.getHref()}>{paths.proofOfReserves.getHref()}</Link>.
        </p>
        <PublishReserves />
      </section>
    </section>
  );
}
