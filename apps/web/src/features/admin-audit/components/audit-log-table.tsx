import type { AuditLogEntry } from '@exchange/contracts';
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
  const columns: Column<AuditLogEntry>[] = [
    { key: 'time', header: 'Time', cell: (e) => formatDateTime(e.created_at) },
    { key: 'admin', header: 'Admin', cell: (e) => e.admin.email },
    { key: 'ip', header: 'Address', cell: (e) => e.ip ?? '-' },
    { key: 'action', header: 'Action', cell: (e) => e.action },
    { key: 'target', header: 'Target', cell: (e) => `${e.target_type} ${e.target_id.slice(0, 8)}` },
    {
      key: 'user',
      header: 'User',
      cell: (e) =>
        e.user ? (
          <button
            type="button"
            className={styles.link}
            onClick={() => onUser(e.user?._id ?? '')}
            title="Show this user's entries only"
          >
            {e.user.email}
          </button>
        ) : (
          '-'
        ),
    },
    { key: 'before', header: 'Before', cell: (e) => json(e.before) },
    { key: 'after', header: 'After', cell: (e) => json(e.after) },
  ];
  return (
    <DataTable
      label="Audit log"
      columns={columns}
      rows={rows}
      rowKey={(e) => e._id}
      isLoading={isLoading}
      error={error}
    />
  );
}
