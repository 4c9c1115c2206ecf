import { LOGIN_OUTCOME_TEXT, type LoginRecord } from '@exchange/contracts';
import { useState } from 'react';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import { useGetLoginHistoryQuery } from '../api/sessions-api';
import styles from './sessions.module.css';

const PAGE_SIZE = 10;

const COLUMNS: Column<LoginRecord>[] = [
  { key: 'time', header: 'Time', cell: (r) => formatDateTime(r.created_at) },
  {
    key: 'result',
    header: 'Result',
    cell: (r) => (
      <StatusBadge tone={r.success ? 'success' : 'danger'}>
        {LOGIN_OUTCOME_TEXT[r.outcome]}
      </StatusBadge>
    ),
  },
  { key: 'address', header: 'Address', cell: (r) => r.ip ?? '-' },
  { key: 'device', header: 'Device', cell: (r) => r.device },
];

/** Login History: every attempt to log in to the account, newest first, paged. */
export function LoginHistorySection() {
  const [page, setPage] = useState(1);
  const history = useGetLoginHistoryQuery({ page, page_size: PAGE_SIZE });
  return (
    <div className={styles.card}>
      <h2 id="login-history-title">Login History</h2>
      <p className={styles.muted}>
        Every attempt to log in to your account, newest first, with its address and device.
      </p>
      <PagedTable
        label="Login history"
        columns={COLUMNS}
        rowKey={(r) => r._id}
        emptyText="No logins yet"
        query={history}
        errorText="Could not load your login history. Try again later."
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </div>
  );
}
