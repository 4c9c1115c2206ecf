import type { AmlCase } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { Select } from '@/components/ui/select';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import { useListCasesQuery, type CaseFilter } from '../api/admin-aml';
import { RISK_TONE, ruleLabel, STATUS_TONE } from './case-labels';
import styles from './admin-aml.module.css';

const PAGE_SIZE = 20;
const FILTERS: CaseFilter[] = ['live', 'open', 'escalated', 'closed', 'all'];

/** The cases the rules opened, newest first (open and escalated by default); one opens a case. */
export function CaseQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('admin-aml');
  const [status, setStatus] = useState<CaseFilter>('live');
  const [page, setPage] = useState(1);
  const query = useListCasesQuery({ status, page, page_size: PAGE_SIZE });
  const columns: Column<AmlCase>[] = [
    {
      key: 'rule',
      header: t('queue.rule'),
      role: 'title',
      cell: (c) => (
        <button type="button" className={styles.link} onClick={() => onOpen(c._id)}>
          {ruleLabel(t, c.rule)}
        </button>
      ),
    },
    {
      key: 'subject',
      header: t('queue.subject'),
      cell: (c) => c.users.map((u) => u.email).join(', ') || c.subject,
    },
    {
      key: 'risk',
      header: t('queue.risk'),
      cell: (c) => <StatusBadge tone={RISK_TONE[c.risk]}>{t(`risk.${c.risk}`)}</StatusBadge>,
    },
    { key: 'opened', header: t('queue.opened'), cell: (c) => formatDateTime(c.created_at) },
    {
      key: 'status',
      header: t('queue.status'),
      cell: (c) => (
        <StatusBadge tone={STATUS_TONE[c.status]}>{t(`status.${c.status}`)}</StatusBadge>
      ),
    },
    { key: 'assignee', header: t('queue.assignee'), cell: (c) => c.assignee?.email ?? '-' },
  ];
  return (
    <>
      <div className={styles.bar}>
        <Select
          label={t('queue.show')}
          options={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          value={status}
          onValueChange={(v) => {
            setStatus(v as CaseFilter);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        label={t('queue.label')}
        columns={columns}
        rowKey={(c) => c._id}
        query={query}
        emptyText={t('queue.empty')}
        errorText={t('queue.loadFailed')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </>
  );
}
