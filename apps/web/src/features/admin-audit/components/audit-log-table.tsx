import type { AuditLogEntry } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import styles from './audit-log.module.css';

const json = (value: Record<string, unknown> | null) =>
  value === null ? (
    <span className={styles.muted}>-</span>
  ) : (
    <pre className={styles.json}>{JSON.stringify(value, null, 1)}</pre>
  );

interface AuditLogTableProps {
  rows: AuditLogEntry[];
  isLoading: boolean;
  error?: string | undefined;
  /** Filters the log by the user an entry acted on. */
  onUser: (userId: string) => void;
}

/** Every admin action: when, who, from where, what, on whom, before and after. */
export function AuditLogTable({ rows, isLoading, error, onUser }: AuditLogTableProps) {
  const { t } = useTranslation('admin-audit');
  const columns: Column<AuditLogEntry>[] = [
    { key: 'time', header: t('log.columns.time'), cell: (e) => formatDateTime(e.created_at) },
    { key: 'admin', header: t('log.columns.admin'), cell: (e) => e.admin.email },
    { key: 'ip', header: t('log.columns.ip'), cell: (e) => e.ip ?? '-' },
    // The action and its target are the trail's codes, shown as code in every language.
    { key: 'action', header: t('log.columns.action'), cell: (e) => <code>{e.action}</code> },
    {
      key: 'target',
      header: t('log.columns.target'),
      cell: (e) => <code>{`${e.target_type} ${e.target_id.slice(0, 8)}`}</code>,
    },
    {
      key: 'user',
      header: t('log.columns.user'),
      cell: (e) =>
        e.user ? (
          <button
            type="button"
            className={styles.link}
            onClick={() => onUser(e.user?._id ?? '')}
            title={t('log.onlyThisUser')}
          >
            {e.user.email}
          </button>
        ) : (
          '-'
        ),
    },
    { key: 'before', header: t('log.columns.before'), cell: (e) => json(e.before) },
    { key: 'after', header: t('log.columns.after'), cell: (e) => json(e.after) },
  ];
  return (
    <DataTable
      label={t('log.label')}
      columns={columns}
      rows={rows}
      rowKey={(e) => e._id}
      isLoading={isLoading}
      error={error}
    />
  );
}
