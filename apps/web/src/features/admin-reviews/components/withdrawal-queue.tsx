import { WITHDRAWAL_STATUSES, type AdminWithdrawal } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { groupThousands } from '@/lib/amount';
import {
  useApproveWithdrawalMutation,
  useGetWithdrawalQueueQuery,
  useRejectWithdrawalMutation,
} from '../api/reviews-api';
import {
  NO_SECOND_FACTOR,
  useMoneyDecision,
  type SecondFactors,
} from '../hooks/use-money-decision';
import { useQueueArgs } from '../hooks/use-queue-args';
import { Approvals, blockedFor } from './approvals';
import { AmountCell, ChainCell, RequesterCell } from './queue-cells';
import { QueueView } from './queue-view';
import { ReasonDialog } from './reason-dialog';
import { ReviewStatus } from './review-status';
import { SecondFactorNotice } from './second-factor-notice';
import { ShortAddress } from './tx-link';
import styles from './reviews.module.css';

/** The last approval of a manual payout asks for its hash; any other is sent as it is. */
const needsHash = (w: AdminWithdrawal) =>
  w.payout === 'manual' && w.approvals.length + 1 >= w.approvals_required;

interface WithdrawalQueueProps {
  /** The signed-in admin (unknown while the profile loads). */
  adminId: string | undefined;
  /** Their second factors: approving asks for one (unknown while the profile loads). */
  factors: SecondFactors | undefined;
}

/** What approving does, for the dialog that asks for the hash or the second factor. */
function approvalText(w: AdminWithdrawal): string {
  const what = `${groupThousands(w.amount)} ${w.token.symbol} to ${w.address}`;
  if (needsHash(w))
    return `Pay ${what} from the exchange's wallet, then enter the payout's transaction hash.`;
  if (w.approvals.length + 1 < w.approvals_required)
    return `Add your approval of ${what}: another admin must approve it too.`;
  if (w.payout === 'bank')
    return `Approve paying ${groupThousands(w.amount)} INR: it goes into the bank's payout file (Rupees).`;
  return w.payout === 'hot_wallet'
    ? `The hot wallet sends ${what} when you approve.`
    : `Approve paying ${what}.`;
}

/**
 * Withdrawals to pay out (from the hot wallet, or by hand with the hash) or reject; approving is
 * stepped up with the admin's second factor. No buttons on the admin's own withdrawal or one they
 * already approved (the server refuses both too).
 */
export function WithdrawalQueue({ adminId, factors }: WithdrawalQueueProps) {
  const queue = useQueueArgs();
  const query = useGetWithdrawalQueueQuery(queue.args, { refetchOnMountOrArgChange: true });
  const [approveCall, { isLoading }] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  // The reason first, then the admin's second factor, as for an approval (review N-L2).
  const refuse = async (w: AdminWithdrawal, reason: string) => {
    setRejecting(null);
    money.start({
      title: 'Reject withdrawal',
      description: `Refuse ${groupThousands(w.amount)} ${w.token.symbol} to ${w.user.email}: “${reason}”.`,
      submitLabel: 'Reject',
      send: (body) => reject({ id: w._id, reason, ...body }),
    });
    return true;
  };
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const money = useMoneyDecision(factors ?? NO_SECOND_FACTOR);

  const approve = (w: AdminWithdrawal) =>
    money.start({
      title: 'Approve withdrawal',
      description: approvalText(w),
      submitLabel: 'Approve',
      askHash: needsHash(w),
      send: (body) => approveCall({ id: w._id, ...body }),
    });

  const columns: Column<AdminWithdrawal>[] = [
    {
      key: 'user',
      header: 'User',
      role: 'title',
      cell: (w) => <RequesterCell email={w.user.email} when="Requested" at={w.created_at} />,
    },
    {
      key: 'amount',
      header: 'Amount',
      cell: (w) => (
        <AmountCell amount={w.amount} symbol={w.token.symbol} valueUsdt={w.value_usdt} />
      ),
    },
    {
      key: 'chain',
      header: 'Transaction',
      cell: (w) => (
        <ChainCell
          network={w.network}
          hash={w.tx_hash}
          party={
            <>
              To <ShortAddress address={w.address} />
            </>
          }
        />
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (w) => (
        <div className={styles.lines}>
          <ReviewStatus status={w.status} reason={w.reason} />
          {w.payout_sent && w.status === 'pending' && (
            <span className={styles.note}>
              {w.payout_questioned
                ? 'Its nonce was used by another transaction and ours is not found: check the chain, then reject to refund (if it confirms, it is approved)'
                : 'Sent from the hot wallet: approved once confirmed'}
            </span>
          )}
          <Approvals
            approvals={w.approvals}
            required={w.approvals_required}
            open={w.status === 'pending' && !w.payout_sent}
          />
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      role: 'actions',
      cell: (w) => {
        const rejectButton = (
          <Button
            variant="secondary"
            aria-label={`Reject withdrawal of ${w.amount} ${w.token.symbol} by ${w.user.email}`}
            onClick={() => setRejecting(w)}
          >
            Reject
          </Button>
        );
        // A bank withdrawal once approved (processing) may still be rejected and refunded.
        if (w.status !== 'pending' && w.status !== 'processing') return null;
        // A payout put in question (review N-L3): only a refund, once the chain was checked.
        if (w.payout_questioned) return <div className={styles.actions}>{rejectButton}</div>;
        if (w.payout_sent) return null;
        if (w.status === 'processing')
          return blockedFor(w, adminId) ?? <div className={styles.actions}>{rejectButton}</div>;
        return (
          blockedFor(w, adminId) ?? (
            <div className={styles.actions}>
              <Button
                disabled={isLoading}
                aria-label={`Approve withdrawal of ${w.amount} ${w.token.symbol} by ${w.user.email}`}
                onClick={() => approve(w)}
              >
                Approve
              </Button>
              {rejectButton}
            </div>
          )
        );
      },
    },
  ];

  return (
    <QueueView
      statuses={WITHDRAWAL_STATUSES}
      searchHint="Email, transaction hash or address"
      queue={queue}
      total={query.data?.total ?? 0}
    >
      {factors && !factors.code && !factors.passkey && <SecondFactorNotice />}
      <DataTable
        label="Withdrawals"
        columns={columns}
        rows={query.currentData?.data ?? []}
        rowKey={(w) => w._id}
        isLoading={query.isFetching && !query.currentData}
        error={
          query.isError && !query.currentData
            ? 'Could not load the withdrawals. Try again later.'
            : undefined
        }
      />
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.amount} ${rejecting.token.symbol} to ${rejecting.user.email}`}
          onClose={() => setRejecting(null)}
          onReject={(reason) => refuse(rejecting, reason)}
        />
      )}
      {money.dialog}
    </QueueView>
  );
}
