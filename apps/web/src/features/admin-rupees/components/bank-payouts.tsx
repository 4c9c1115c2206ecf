import type { AdminWithdrawal } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { groupThousands } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  downloadPayoutFile,
  useGetBankPayoutsQuery,
  useMarkPaidMutation,
} from '../api/admin-rupees-api';
import styles from './admin-rupees.module.css';
import { OneInputDialog } from './one-input-dialog';

const FAILED = 'The payout could not be marked paid. Please try again.';

/** Approved rupee withdrawals waiting for the bank: the payout file, then each marked paid. */
export function BankPayouts() {
  const { data, isLoading, isError } = useGetBankPayoutsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [markPaid] = useMarkPaidMutation();
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);

  const columns: Column<AdminWithdrawal>[] = [
    { key: 'user', header: 'User', role: 'title', cell: (w) => w.user.email },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (w) => `₹${groupThousands(w.amount)}`,
    },
    { key: 'requested', header: 'Requested', cell: (w) => formatDateTime(w.created_at) },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (w) => (
        <Button
          onClick={() => setPaying(w)}
          aria-label={`Mark paid withdrawal of ${w.amount} INR by ${w.user.email}`}
        >
          Mark paid
        </Button>
      ),
    },
  ];

  const onDownload = async () => {
    try {
      await downloadPayoutFile();
    } catch (error) {
      toastFailure(error, 'The payout file could not be downloaded.');
    }
  };

  return (
    <section className={styles.section} aria-labelledby="payouts-title">
      <h2 id="payouts-title">Bank payouts</h2>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void onDownload()}>
          Download payout file
        </Button>
      </div>
      <DataTable
        label="Approved rupee withdrawals"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(w) => w._id}
        isLoading={isLoading}
        emptyText="No approved rupee withdrawal waits for the bank."
        error={isError ? 'The payouts could not be loaded.' : undefined}
      />
      <OneInputDialog
        open={paying !== null}
        title="Mark paid"
        description={`The bank paid ₹${paying?.amount ?? ''} to ${paying?.user.email ?? ''}: enter the payout's UTR.`}
        label="UTR"
        submitLabel="Mark paid"
        onClose={() => setPaying(null)}
        onSubmit={async (utr) => {
          if (!paying) return undefined;
          try {
            await markPaid({ id: paying._id, utr }).unwrap();
            toast.success('Withdrawal paid');
            setPaying(null);
            return undefined;
          } catch (error) {
            return toastFailure(error, FAILED, FAILED).message ?? FAILED;
          }
        }}
      />
    </section>
  );
}
