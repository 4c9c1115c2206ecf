import {
  BANK_ACCOUNT_STATUSES,
  type AdminBankAccount,
  type BankAccountStatus,
} from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useGetBankAccountQueueQuery,
  useRejectBankAccountMutation,
  useVerifyBankAccountMutation,
} from '../api/admin-rupees-api';
import { OneInputDialog } from './one-input-dialog';
import styles from './admin-rupees.module.css';

const MATCH_TONES = { exact: 'success', fuzzy: 'pending', none: 'danger' } as const;
const FAILED = 'The decision could not be recorded. Please try again.';

/** Bank accounts waiting for verification: the holder name beside the identity's, verify or reject. */
export function BankAccountQueue({ adminId }: { adminId: string | undefined }) {
  const [status, setStatus] = useState<BankAccountStatus>('pending');
  const { data, isLoading, isError } = useGetBankAccountQueueQuery(status, {
    refetchOnMountOrArgChange: true,
  });
  const [verify, { isLoading: verifying }] = useVerifyBankAccountMutation();
  const [reject] = useRejectBankAccountMutation();
  const [rejecting, setRejecting] = useState<AdminBankAccount | null>(null);

  const onVerify = async (a: AdminBankAccount) => {
    try {
      await verify(a._id).unwrap();
      toast.success(`${a.bank} ${a.account_number} verified`);
    } catch (error) {
      toastFailure(error, FAILED, FAILED);
    }
  };

  const columns: Column<AdminBankAccount>[] = [
    { key: 'user', header: 'User', role: 'title', cell: (a) => a.user.email },
    {
      key: 'names',
      header: 'Holder / identity',
      cell: (a) => (
        <div className={styles.lines}>
          <span>{a.holder_name}</span>
          <span className={styles.sub}>Identity: {a.identity_name}</span>
          <StatusBadge tone={MATCH_TONES[a.name_match as keyof typeof MATCH_TONES] ?? 'danger'}>
            {`Name match: ${a.name_match}`}
          </StatusBadge>
        </div>
      ),
    },
    {
      key: 'account',
      header: 'Account',
      cell: (a) => (
        <div className={styles.lines}>
          <span>{a.account_number}</span>
          <span className={styles.sub}>
            {a.ifsc} · {a.bank}
          </span>
          {a.upi_id && <span className={styles.sub}>{a.upi_id}</span>}
        </div>
      ),
    },
    { key: 'added', header: 'Added', cell: (a) => formatDateTime(a.created_at) },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (a) =>
        a.status !== 'pending' ? (
          <span>{a.reason ?? a.status}</span>
        ) : a.user._id === adminId ? (
          <span className={styles.sub}>Your own: another admin decides</span>
        ) : (
          <div className={styles.actions}>
            <Button
              disabled={verifying}
              onClick={() => void onVerify(a)}
              aria-label={`Verify bank account ${a.account_number} of ${a.user.email}`}
            >
              Verify
            </Button>
            <Button
              variant="secondary"
              onClick={() => setRejecting(a)}
              aria-label={`Reject bank account ${a.account_number} of ${a.user.email}`}
            >
              Reject
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <div className={styles.filters}>
        <Select
          label="Status"
          options={BANK_ACCOUNT_STATUSES.map((s) => ({ value: s, label: s }))}
          value={status}
          onValueChange={(v) => setStatus(v as BankAccountStatus)}
        />
      </div>
      <DataTable
        label="Bank accounts"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(a) => a._id}
        isLoading={isLoading}
        error={isError ? 'The bank accounts could not be loaded.' : undefined}
      />
      <OneInputDialog
        open={rejecting !== null}
        title="Reject bank account"
        description={`The user sees the reason for ${rejecting?.account_number ?? ''}.`}
        label="Reason"
        submitLabel="Reject"
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return undefined;
          try {
            await reject({ id: rejecting._id, reason }).unwrap();
            toast.success('Bank account rejected');
            setRejecting(null);
            return undefined;
          } catch (error) {
            return toastFailure(error, FAILED, FAILED).message ?? FAILED;
          }
        }}
      />
    </>
  );
}
