import { LOGIN_OUTCOME_TEXT, type LoginRecord } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useMessage } from '@/i18n/use-message';
import { formatDateTime } from '@/lib/format';
import { useGetLoginHistoryQuery } from '../api/sessions-api';
import styles from './sessions.module.css';

const PAGE_SIZE = 10;

const useColumns = (): Column<LoginRecord>[] => {
  const { t } = useTranslation('sessions');
  const message = useMessage();
  return [
    { key: 'time', header: t('history.time'), cell: (r) => formatDateTime(r.created_at) },
    {
      key: 'result',
      header: t('history.result'),
      cell: (r) => (
        <StatusBadge tone={r.success ? 'success' : 'danger'}>
          {message(LOGIN_OUTCOME_TEXT[r.outcome])}
        </StatusBadge>
      ),
    },
    { key: 'address', header: t('history.address'), cell: (r) => r.ip ?? '-' },
    { key: 'device', header: t('history.device'), cell: (r) => r.device },
  ];
};

/** Login History: every attempt to log in to the account, newest first, paged. */
export function LoginHistorySection() {
  const { t } = useTranslation('sessions');
  const columns = useColumns();
  const [page, setPage] = useState(1);
  const history = useGetLoginHistoryQuery({ page, page_size: PAGE_SIZE });
  return (
    <div className={styles.card}>
      <h2 id="login-history-title">{t('history.title')}</h2>
      <p className={styles.muted}>{t('history.intro')}</p>
      <PagedTable
        label={t('history.label')}
        columns={columns}
        rowKey={(r) => r._id}
        emptyText={t('history.empty')}
        query={history}
        errorText={t('history.loadFailed')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </div>
  );
}
