import type { LedgerAuditResult } from '@exchange/contracts';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useGetLedgerAuditQuery, useRunLedgerAuditMutation } from '../api/admin-audit';
import styles from './audit-log.module.css';

type Totals = LedgerAuditResult['totals'][number];

const COLUMNS = [
  { key: 'token', header: 'Asset', cell: (t: Totals) => t.token },
  { key: 'users', header: 'User balances', cell: (t: Totals) => t.users, align: 'right' as const },
  { key: 'fees', header: 'Fees', cell: (t: Totals) => t.fees, align: 'right' as const },
  // Users + fees + TDS + withdrawn = deposited: without it the figures would not add up.
  { key: 'tds', header: 'TDS', cell: (t: Totals) => t.tds, align: 'right' as const },
  {
    key: 'in_withdrawal',
    header: 'In withdrawal',
    cell: (t: Totals) => t.in_withdrawal,
    align: 'right' as const,
  },
  {
    key: 'deposited',
    header: 'Deposited',
    cell: (t: Totals) => t.deposited,
    align: 'right' as const,
  },
  {
    key: 'withdrawn',
    header: 'Withdrawn',
    cell: (t: Totals) => t.withdrawn,
    align: 'right' as const,
  },
];

/** The latest ledger audit (verdict, violations, per-asset totals) and a button to run it now. */
export function LedgerAuditView() {
  const latest = useGetLedgerAuditQuery(undefined);
  const [run, running] = useRunLedgerAuditMutation();
  const onRun = async () => {
    try {
      const result = await run(undefined).unwrap();
      if (result.ok) toast.success('Ledger is consistent');
      else toast.error(`${result.violations.length} ledger violations found`);
    } catch (error) {
      toastFailure(error, 'The ledger audit could not run. Please try again.');
    }
  };
  const audit = latest.data;
  return (
    <>
      <div>
        <Button busy={running.isLoading} disabled={running.isLoading} onClick={onRun}>
          Run ledger audit
        </Button>
      </div>
      {latest.isLoading ? (
        <Spinner label="Loading the latest audit" />
      ) : latest.isError ? (
        <p role="alert">Could not load the latest audit. Try again later.</p>
      ) : !audit ? (
        <p className={styles.muted}>The ledger audit has not run yet.</p>
      ) : (
        <>
          <dl className={styles.summary} aria-label="Latest ledger audit">
            <div>
              <dt>Result</dt>
              <dd>
                {audit.ok ? (
                  <StatusBadge tone="success">Consistent</StatusBadge>
                ) : (
                  <StatusBadge tone="danger">Violations found</StatusBadge>
                )}
              </dd>
            </div>
            <div>
              <dt>Ran at</dt>
              <dd>{formatDateTime(audit.created_at)}</dd>
            </div>
            <div>
              <dt>Ran by</dt>
              <dd>{audit.admin.email}</dd>
            </div>
          </dl>
          {audit.violations.length > 0 && (
            <ul className={styles.violations} aria-label="Violations">
              {audit.violations.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </ul>
          )}
          <DataTable
            label="Totals per asset"
            columns={COLUMNS}
            rows={audit.totals}
            rowKey={(t) => t.token}
          />
        </>
      )}
    </>
  );
}
