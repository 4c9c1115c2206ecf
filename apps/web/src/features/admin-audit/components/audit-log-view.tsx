import { ADMIN_ACTIONS, type AdminActionName, type AuditLogExportQuery } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { downloadAuditLogCsv, useGetAuditLogQuery } from '../api/admin-audit';
import { useAdminOptions } from '../hooks/use-admin-options';
import { AuditLogTable } from './audit-log-table';
import styles from './audit-log.module.css';

const PAGE_SIZE = 20;
const ALL = 'all';
const actionOptions = ADMIN_ACTIONS.map((a) => ({ value: a, label: a }));

/**
 * The audit log with its filters (admin, action, user) in the address, so a filtered view can be
 * shared and the back button undoes a filter; paged; exported as CSV with the same filters.
 */
export function AuditLogView() {
  const { t } = useTranslation('admin-audit');
  const [params, setParams] = useSearchParams();
  const filters: AuditLogExportQuery = {
    admin_id: params.get('admin_id') ?? undefined,
    action: (params.get('action') as AdminActionName | null) ?? undefined,
    user_id: params.get('user_id') ?? undefined,
  };
  const page = Number(params.get('page') ?? 1) || 1;
  const query = useGetAuditLogQuery({ ...filters, page, page_size: PAGE_SIZE });
  const admins = useAdminOptions();
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value && value !== ALL) next.set(key, value);
      else next.delete(key);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditLogCsv(filters);
    } catch {
      toast.error(t('log.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className={styles.filters}>
        <Select
          label={t('log.admin')}
          options={[{ value: ALL, label: t('log.allAdmins') }, ...admins]}
          value={filters.admin_id ?? ALL}
          onValueChange={(v) => update({ admin_id: v })}
        />
        <Select
          label={t('log.action')}
          options={[{ value: ALL, label: t('log.allActions') }, ...actionOptions]}
          value={filters.action ?? ALL}
          onValueChange={(v) => update({ action: v })}
        />
        {filters.user_id && (
          <Button variant="secondary" onClick={() => update({ user_id: undefined })}>
            {t('log.everyUser')}
          </Button>
        )}
        <Button variant="secondary" busy={exporting} disabled={exporting} onClick={onExport}>
          {t('log.export')}
        </Button>
      </div>
      <AuditLogTable
        rows={query.currentData?.data ?? []}
        isLoading={query.isFetching && !query.currentData}
        error={query.isError && !query.currentData ? t('log.loadFailed') : undefined}
        onUser={(id) => update({ user_id: id })}
      />
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onChange={(p) => update({ page: String(p) })}
      />
    </>
  );
}
