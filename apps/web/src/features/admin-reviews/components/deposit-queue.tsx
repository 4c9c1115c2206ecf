import { DEPOSIT_STATUSES, type AdminDeposit } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { NETWORK_LABELS } from '@/config/networks';
import { groupThousands } from '@/lib/amount';
import { formatDateTime } from '@/lib/format';
import { useGetDepositQueueQuery } from '../api/reviews-api';
import {
  NO_SECOND_FACTOR,
  useMoneyDecision,
  type SecondFactors,
} from '../hooks/use-money-decision';
import { useQueueArgs } from '../hooks/use-queue-args';
import { Approvals, blockedFor } from './approvals';
import { QueueView } from './queue-view';
import { ReasonDialog } from './reason-dialog';
import { ReviewStatus } from './review-status';
import { SecondFactorNotice } from './second-factor-notice';
import { ShortAddress, TxLink } from './tx-link';
import styles from './reviews.module.css';

interface DepositQueueProps {
  /** The signed-in admin (unknown while the profile loads). */
  adminId: string | undefined;
  /** Their second factors: confirming asks for one (unknown while the profile loads). */
  factors: SecondFactors | undefined;
}

/**
 * Deposits claimed by users: the chain explorer's link, confirm (four-eyes, stepped up with the
 * admin's second factor) or reject. No buttons on the admin's own deposit or one they already
 * approved (the server refuses both too).
 */
export function DepositQueue({ adminId, factors }: DepositQueueProps) {
  const queue = useQueueArgs();
  const query = useGetDepositQueueQuery(queue.args, { refetchOnMountOrArgChange: true });
  const money = useMoneyDecision(factors ?? NO_SECOND_FACTOR);
  const confirm = (d: AdminDeposit) =>
    void money.start({
      url: `/admin/deposits/${d._id}/confirm`,
      title: 'Confirm deposit',
      description: `Credit ${groupThousands(d.amount)} ${d.token.symbol} to ${d.user.email}.`,
      submitLabel: 'Confirm',
    });
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);
  // The reason first, then the admin's second factor, as for an approval (review N-L2).
  const reject = async (d: AdminDeposit, reason: string) => {
    setRejecting(null);
    await money.start({
      url: `/admin/deposits/${d._id}/reject`,
      title: 'Reject deposit',
      description: `Refuse ${groupThousands(d.amount)} ${d.token.symbol} from ${d.user.email}: “${reason}”.`,
      submitLabel: 'Reject',
      body: { reason },
    });
    return true;
  };

  const columns: Column<AdminDeposit>[] = [
    { key: 'user', header: 'User', cell: (d) => d.user.email },
    {
      key: 'amount',
      header: 'Amount',
      cell: (d) => (
        <>
          {groupThousands(d.amount)} {d.token.symbol}
          {d.value_usdt !== null && d.token.symbol !== 'USDT' && (
            <div className={styles.note}>≈ {groupThousands(d.value_usdt)} USDT</div>
          )}
        </>
      ),
    },
    { key: 'network', header: 'Network', cell: (d) => NETWORK_LABELS[d.network] },
    {
      key: 'hash',
      header: 'Transaction',
      cell: (d) => <TxLink network={d.network} hash={d.tx_hash} />,
    },
    { key: 'sender', header: 'Sender', cell: (d) => <ShortAddress address={d.sender_address} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (d) => <ReviewStatus status={d.status} reason={d.reason} />,
    },
    {
      key: 'approvals',
      header: 'Approvals',
      cell: (d) => (
        <Approvals
          approvals={d.approvals}
          required={d.approvals_required}
          open={d.status === 'pending'}
        />
      ),
    },
    { key: 'time', header: 'Submitted', cell: (d) => formatDateTime(d.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      sticky: true,
      cell: (d) =>
        d.status === 'pending' &&
        (blockedFor(d, adminId) ?? (
          <div className={styles.actions}>
            <Button
              disabled={money.busy}
              aria-label={`Confirm deposit of ${d.amount} ${d.token.symbol} by ${d.user.email}`}
              onClick={() => confirm(d)}
            >
              Confirm
            </Button>
            <Button
              variant="secondary"
              aria-label={`Reject deposit of ${d.amount} ${d.token.symbol} by ${d.user.email}`}
              onClick={() => setRejecting(d)}
            >
              Reject
            </Button>
          </div>
        )),
    },
  ];

  return (
    <QueueView
      statuses={DEPOSIT_STATUSES}
      searchHint="Email, transaction hash or sender"
      queue={queue}
      total={query.data?.total ?? 0}
    >
      {factors && !factors.code && !factors.passkey && <SecondFactorNotice />}
      <DataTable
        label="Deposits"
        columns={columns}
        rows={query.currentData?.data ?? []}
        rowKey={(d) => d._id}
        isLoading={query.isFetching && !query.currentData}
        error={
          query.isError && !query.currentData
            ? 'Could not load the deposits. Try again later.'
            : undefined
        }
      />
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.amount} ${rejecting.token.symbol} from ${rejecting.user.email}`}
          onClose={() => setRejecting(null)}
          onReject={(reason) => reject(rejecting, reason)}
        />
      )}
      {money.dialog}
    </QueueView>
  );
}
