import type { BankCredit } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { groupThousands } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAssignCreditMutation, useRefundCreditMutation } from '../api/admin-rupees-api';
import styles from './admin-rupees.module.css';
import { CreditStatus } from './credit-status';
import { OneInputDialog } from './one-input-dialog';

const FAILED = 'The decision could not be recorded. Please try again.';
const OPEN = new Set(['unclaimed', 'amount_mismatch']);
const REFUNDABLE = new Set(['unclaimed', 'amount_mismatch', 'refund_due']);

/** Credit lines with their outcome; open ones can be assigned to their payer or refunded. */
export function CreditTable({
  label,
  rows,
  isLoading,
  askCode,
}: {
  label: string;
  rows: BankCredit[];
  isLoading?: boolean;
  /** The admin's authenticator app is on: assigning (which credits money) asks its code. */
  askCode: boolean;
}) {
  const [assign] = useAssignCreditMutation();
  const [refund] = useRefundCreditMutation();
  const [assigning, setAssigning] = useState<BankCredit | null>(null);
  const [refunding, setRefunding] = useState<BankCredit | null>(null);

  const columns: Column<BankCredit>[] = [
    { key: 'utr', header: 'UTR', role: 'title', cell: (c) => c.utr },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (c) => `₹${groupThousands(c.amount)}`,
    },
    {
      key: 'remitter',
      header: 'From',
      cell: (c) => (
        <div className={styles.lines}>
          <span>{c.remitter_name || '—'}</span>
          <span className={styles.sub}>
            {[c.remitter_vpa, c.remitter_account, c.remitter_ifsc].filter(Boolean).join(' · ')}
          </span>
        </div>
      ),
    },
    {
      key: 'outcome',
      header: 'Outcome',
      cell: (c) => (
        <div className={styles.lines}>
          <CreditStatus status={c.status} />
          {c.user && <span className={styles.sub}>{c.user.email}</span>}
          {c.note && <span className={styles.sub}>{c.note}</span>}
        </div>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (c) => (
        <div className={styles.actions}>
          {OPEN.has(c.status) && (
            <Button onClick={() => setAssigning(c)} aria-label={`Assign credit ${c.utr}`}>
              Assign
            </Button>
          )}
          {REFUNDABLE.has(c.status) && (
            <Button
              variant="secondary"
              onClick={() => setRefunding(c)}
              aria-label={`Refund credit ${c.utr}`}
            >
              Refunded
            </Button>
          )}
        </div>
      ),
    },
  ];

  const decide = async (call: () => Promise<unknown>, done: string, close: () => void) => {
    try {
      await call();
      toast.success(done);
      close();
      return undefined;
    } catch (error) {
      return toastFailure(error, FAILED, FAILED).message ?? FAILED;
    }
  };

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={(c) => c._id}
        isLoading={isLoading}
      />
      <OneInputDialog
        open={assigning !== null}
        title="Assign credit"
        description={`Credit ₹${assigning?.amount ?? ''} (UTR ${assigning?.utr ?? ''}) to the user who paid it from a verified account.`}
        label={askCode ? 'User’s email, a space, then your authenticator code' : 'User’s email'}
        submitLabel="Assign"
        onClose={() => setAssigning(null)}
        onSubmit={(answer) =>
          decide(
            () => {
              const [email = '', code] = answer.split(/\s+/);
              return assign({
                id: assigning?._id ?? '',
                email,
                ...(code ? { two_factor_code: code } : {}),
              }).unwrap();
            },
            'Credit assigned',
            () => setAssigning(null),
          )
        }
      />
      <OneInputDialog
        open={refunding !== null}
        title="Record refund"
        description={`The credit ₹${refunding?.amount ?? ''} (UTR ${refunding?.utr ?? ''}) was sent back to its sender.`}
        label="Refund UTR"
        submitLabel="Record refund"
        onClose={() => setRefunding(null)}
        onSubmit={(utr) =>
          decide(
            () => refund({ id: refunding?._id ?? '', refund_utr: utr }).unwrap(),
            'Refund recorded',
            () => setRefunding(null),
          )
        }
      />
    </>
  );
}
