import { bankPaidSchema, type AdminWithdrawal } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime, formatInr } from '@/lib/format';
import { downloadPayoutFile, useGetBankPayoutsQuery, useMarkPaidMutation } from '../api/rupees-api';
import styles from './rupees.module.css';
import { decisionRecorded } from '../announce-decision';
import { OneFieldDialog } from './one-field-dialog';

/** Approved rupee withdrawals waiting for the bank: the payout file, then each marked paid. */
export function BankPayouts() {
  const { t } = useTranslation('admin-reviews');
  const { data, isLoading, isError } = useGetBankPayoutsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [markPaid] = useMarkPaidMutation();
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);

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
    {
      key: 'action',
      header: t('payouts.columns.action'),
      role: 'actions',
      cell: (w) => (
        <Button
          onClick={() => setPaying(w)}
          aria-label={t('payouts.markPaidLabel', { amount: w.amount, email: w.user.email })}
        >
          {t('payouts.markPaid')}
        </Button>
      ),
    },
  ];

  const onDownload = async () => {
    try {
      await downloadPayoutFile();
    } catch (error) {
      toastFailure(error, t('payouts.downloadFailed'));
    }
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
    </section>
  );
}
