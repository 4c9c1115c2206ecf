import type { PayoutBatch } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  adminRupeesApi,
  downloadBatchAgain,
  useGetPayoutBatchesQuery,
  useRequestResendMutation,
} from '../api/rupees-api';
import styles from './rupees.module.css';

/**
 * The payout file's batches (review N4-M3): how many rows each sent and how many the bank has not
 * settled; sending one again takes two admins, one asks and a different one downloads.
 */
export function PayoutBatches() {
  const { t } = useTranslation('admin-reviews');
  const dispatch = useDispatch();
  const { data, isLoading, isError } = useGetPayoutBatchesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [requestResend] = useRequestResendMutation();

  const ask = async (batch: PayoutBatch) => {
    try {
      await requestResend(batch._id).unwrap();
      toast.success(t('batches.requested'));
    } catch (error) {
      toastFailure(error, t('batches.failed'));
    }
  };
  const download = async (batch: PayoutBatch) => {
    try {
      await downloadBatchAgain(batch._id);
    } catch (error) {
      toastFailure(error, t('batches.failed'));
    }
    dispatch(adminRupeesApi.util.invalidateTags(['AdminRupees']));
  };

  const columns: Column<PayoutBatch>[] = [
    {
      key: 'batch',
      header: t('batches.columns.batch'),
      role: 'title',
      cell: (b) => b._id.slice(0, 8),
    },
    { key: 'by', header: t('batches.columns.by'), cell: (b) => b.created_by ?? '-' },
    { key: 'at', header: t('batches.columns.at'), cell: (b) => formatDateTime(b.created_at) },
    {
      key: 'rows',
      header: t('batches.columns.rows'),
      align: 'right',
      cell: (b) => t('batches.open', { open: b.open, rows: b.rows }),
    },
    {
      key: 'action',
      header: t('batches.columns.action'),
      role: 'actions',
      cell: (b) =>
        b.resend_requested_by ? (
          <Button variant="secondary" onClick={() => void download(b)}>
            {t('batches.download', { by: b.resend_requested_by })}
          </Button>
        ) : (
          <Button variant="secondary" disabled={b.open === 0} onClick={() => void ask(b)}>
            {t('batches.resend')}
          </Button>
        ),
    },
  ];

  return (
    <div className={styles.section}>
      <h3>{t('batches.title')}</h3>
      <DataTable
        label={t('batches.label')}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(b) => b._id}
        isLoading={isLoading}
        emptyText={t('batches.empty')}
        error={isError ? t('batches.loadFailed') : undefined}
      />
    </div>
  );
}
