import type { LedgerAuditResult } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useGetLedgerAuditQuery, useRunLedgerAuditMutation } from '../api/admin-audit';
import styles from './audit-log.module.css';

type Totals = LedgerAuditResult['totals'][number];

const columnsOf = (t: TFunction<'admin-audit'>): Column<Totals>[] => [
  { key: 'token', header: t('ledger.columns.asset'), cell: (r: Totals) => r.token },
  { key: 'users', header: t('ledger.columns.users'), cell: (r: Totals) => r.users, align: 'right' },
  { key: 'fees', header: t('ledger.columns.fees'), cell: (r: Totals) => r.fees, align: 'right' },
  // Users + fees + TDS + GST + rounding + withdrawn = deposited: without them the figures would
  // not add up.
  { key: 'tds', header: t('ledger.columns.tds'), cell: (r: Totals) => r.tds, align: 'right' },
  { key: 'gst', header: t('ledger.columns.gst'), cell: (r: Totals) => r.gst, align: 'right' },
  {
    key: 'rounding',
    header: t('ledger.columns.rounding'),
    cell: (r: Totals) => r.rounding,
    align: 'right',
  },
  {
    key: 'in_withdrawal',
    header: t('ledger.columns.inWithdrawal'),
    cell: (r: Totals) => r.in_withdrawal,
    align: 'right',
  },
  {
    key: 'deposited',
    header: t('ledger.columns.deposited'),
    cell: (r: Totals) => r.deposited,
    align: 'right',
  },
  {
    key: 'withdrawn',
    header: t('ledger.columns.withdrawn'),
    cell: (r: Totals) => r.withdrawn,
    align: 'right',
  },
];

/** The latest ledger audit (verdict, violations, per-asset totals) and a button to run it now. */
export function LedgerAuditView() {
  const { t } = useTranslation('admin-audit');
  const latest = useGetLedgerAuditQuery(undefined);
  const [run, running] = useRunLedgerAuditMutation();
  const onRun = async () => {
    try {
      const result = await run(undefined).unwrap();
      if (result.ok) toast.success(t('ledger.consistentToast'));
      else toast.error(t('ledger.violationsToast', { count: result.violations.length }));
    } catch (error) {
      toastFailure(error, t('ledger.runFailed'));
    }
  };
  const audit = latest.data;
  return (
    <>
      <div>
        <Button busy={running.isLoading} disabled={running.isLoading} onClick={onRun}>
          {t('ledger.run')}
        </Button>
      </div>
      {latest.isLoading ? (
        <Spinner label={t('ledger.loading')} />
      ) : latest.isError ? (
        <p role="alert">{t('ledger.loadFailed')}</p>
      ) : !audit ? (
        <p className={styles.muted}>{t('ledger.never')}</p>
      ) : (
        <>
          <dl className={styles.summary} aria-label={t('ledger.latest')}>
            <div>
              <dt>{t('ledger.result')}</dt>
              <dd>
                {audit.ok ? (
                  <StatusBadge tone="success">{t('ledger.consistent')}</StatusBadge>
                ) : (
                  <StatusBadge tone="danger">{t('ledger.violationsFound')}</StatusBadge>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('ledger.ranAt')}</dt>
              <dd>{formatDateTime(audit.created_at)}</dd>
            </div>
            <div>
              <dt>{t('ledger.ranBy')}</dt>
              <dd>{audit.admin.email}</dd>
            </div>
          </dl>
          {audit.violations.length > 0 && (
            <ul className={styles.violations} aria-label={t('ledger.violations')}>
              {audit.violations.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </ul>
          )}
          <DataTable
            label={t('ledger.totals')}
            columns={columnsOf(t)}
            rows={audit.totals}
            rowKey={(t) => t.token}
          />
        </>
      )}
    </>
  );
}
