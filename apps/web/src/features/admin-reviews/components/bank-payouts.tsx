import { bankPaidSchema, bankReturnSchema, type AdminWithdrawal } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useDispatch } from 'react-redux';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime, formatInr } from '@/lib/format';
import {
  adminRupeesApi,
  downloadPayoutFile,
  useGetBankPayoutsQuery,
  useMarkPaidMutation,
  useRecordReturnMutation,
} from '../api/rupees-api';
import styles from './rupees.module.css';
import { decisionRecorded } from '../announce-decision';
import { OneFieldDialog } from './one-field-dialog';
import { PayoutBatches } from './payout-batches';

/** Where a payout stands: waiting for the file, sent in a batch, or reported failed by the bank. */
function stateOf(w: AdminWithdrawal, t: TFunction<'admin-reviews'>): string {
  if (w.bank_return) return t('payouts.state.returned', { count: w.bank_return.recorded_by });
  return w.bank_batch
    ? t('payouts.state.sent', { batch: w.bank_batch.slice(0, 8) })
    : t('payouts.state.waiting');
}

/**
 * Approved rupee withdrawals waiting for the bank: the payout file (its rows are marked sent in a
 * batch), each then marked paid, or its failure report recorded by two admins before a refund.
 */
export function BankPayouts() {
  const { t } = useTranslation('admin-reviews');
  const dispatch = useDispatch();
  const { data, isLoading, isError } = useGetBankPayoutsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [markPaid] = useMarkPaidMutation();
  const [recordReturn] = useRecordReturnMutation();
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const [returning, setReturning] = useState<AdminWithdrawal | null>(null);

  const columns: Column<AdminWithdrawal>[] = [
    { key: 'user', header: t('payouts.columns.user'), role: 'title', cell: (w) => w.user.email },
    {
      key: 'amount',
      header: t('payouts.columns.amount'),
      align: 'right',
      cell: (w) => formatInr(w.amount),
    },
    {
      key: 'requested',
      header: t('payouts.columns.requested'),
      cell: (w) => formatDateTime(w.created_at),
    },
    { key: 'state', header: t('payouts.columns.state'), cell: (w) => stateOf(w, t) },
    {
      key: 'action',
      header: t('payouts.columns.action'),
      role: 'actions',
      cell: (w) => (
        <>
          <Button
            onClick={() => setPaying(w)}
            aria-label={t('payouts.markPaidLabel', { amount: w.amount, email: w.user.email })}
          >
            {t('payouts.markPaid')}
          </Button>
          {w.bank_batch && (
            <Button
              variant="secondary"
              onClick={() => setReturning(w)}
              aria-label={t('payouts.returnLabel', { amount: w.amount, email: w.user.email })}
            >
              {t('payouts.recordReturn')}
            </Button>
          )}
        </>
      ),
    },
  ];

  const onDownload = async () => {
    try {
      await downloadPayoutFile();
    } catch (error) {
      toastFailure(error, t('payouts.downloadFailed'));
    }
    // The export marked its rows sent in a new batch.
    dispatch(adminRupeesApi.util.invalidateTags(['AdminRupees']));
  };

  return (
    <section className={styles.section} aria-labelledby="payouts-title">
      <h2 id="payouts-title">{t('payouts.title')}</h2>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void onDownload()}>
          {t('payouts.download')}
        </Button>
      </div>
      <DataTable
        label={t('payouts.label')}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(w) => w._id}
        isLoading={isLoading}
        emptyText={t('payouts.empty')}
        error={isError ? t('payouts.loadFailed') : undefined}
      />
      <PayoutBatches />
      {paying && (
        <OneFieldDialog
          title={t('payouts.markPaid')}
          description={t('payouts.markPaidDescription', {
            amount: formatInr(paying.amount),
            email: paying.user.email,
          })}
          schema={bankPaidSchema}
          field={{ name: 'utr', label: 'UTR' }}
          submitLabel={t('payouts.markPaid')}
          onClose={() => setPaying(null)}
          onSubmit={(utr) => decisionRecorded(markPaid({ id: paying._id, utr }))}
        />
      )}
      {returning && (
        <OneFieldDialog
          title={t('payouts.recordReturn')}
          description={t('payouts.returnDescription', {
            amount: formatInr(returning.amount),
            email: returning.user.email,
          })}
          schema={bankReturnSchema}
          field={{ name: 'reference', label: t('payouts.returnReference') }}
          submitLabel={t('payouts.recordReturn')}
          onClose={() => setReturning(null)}
          onSubmit={(reference) => decisionRecorded(recordReturn({ id: returning._id, reference }))}
        />
      )}
    </section>
  );
}
