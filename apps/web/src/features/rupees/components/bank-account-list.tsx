import type { BankAccount } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useGetBankAccountsQuery, useRemoveBankAccountMutation } from '../api/rupees-api';

export const BANK_STATUS_TONES = {
  pending: 'pending',
  verified: 'success',
  rejected: 'danger',
  removed: 'pending',
} as const;
export const BANK_STATUS_LABELS = {
  pending: 'Awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
  removed: 'Removed',
} as const;
const REMOVE_FAILED = 'The bank account could not be removed. Please try again.';

/** The user's bank accounts with their verification state; each can be removed. */
export function BankAccountList() {
  const { data = [], isLoading, isError } = useGetBankAccountsQuery(undefined);
  const [remove, { isLoading: removing }] = useRemoveBankAccountMutation();
  const [confirming, setConfirming] = useState<BankAccount | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useFocusRescue(list, () => list.current?.querySelector<HTMLElement>('[role="region"]'));

  const onRemove = async () => {
    if (!confirming) return;
    try {
      await remove(confirming._id).unwrap();
      toast.success('Bank account removed');
      setConfirming(null);
    } catch (error) {
      toastFailure(error, REMOVE_FAILED, REMOVE_FAILED);
    }
  };

  const columns: Column<BankAccount>[] = [
    {
      key: 'bank',
      header: 'Bank',
      role: 'title',
      cell: (a) => `${a.bank} ${a.account_number} · ${a.ifsc}`,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => (
        <>
          <StatusBadge tone={BANK_STATUS_TONES[a.status]}>
            {BANK_STATUS_LABELS[a.status]}
          </StatusBadge>
          {a.reason && <span> {a.reason}</span>}
        </>
      ),
    },
    { key: 'holder', header: 'Holder', cell: (a) => a.holder_name },
    { key: 'upi', header: 'UPI ID', cell: (a) => a.upi_id ?? '—' },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (a) => (
        <Button
          variant="ghost"
          onClick={() => setConfirming(a)}
          aria-label={`Remove ${a.bank} ${a.account_number}`}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div ref={list}>
      <DataTable
        label="Your bank accounts"
        columns={columns}
        rows={data}
        rowKey={(a) => a._id}
        isLoading={isLoading}
        emptyText="No bank account yet: add one to pay rupees in and out."
        error={isError ? 'Your bank accounts could not be loaded.' : undefined}
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove bank account?"
      >
        <p>
          {confirming?.bank} {confirming?.account_number} will no longer receive withdrawals, and
          deposits from it will not be credited.
        </p>
        <Button onClick={() => void onRemove()} disabled={removing}>
          Remove
        </Button>
      </Dialog>
    </div>
  );
}
