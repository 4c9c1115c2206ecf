import { WITHDRAWAL_STATUSES, type AdminWithdrawal } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { groupThousands } from '@/lib/amount';
import { formatInr } from '@/lib/format';
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
function approvalText(t: TFunction<'admin-reviews'>, w: AdminWithdrawal): string {
  const what = { amount: groupThousands(w.amount), coin: w.token.symbol, address: w.address };
  if (needsHash(w)) return t('withdrawals.payByHand', what);
  if (w.approvals.length + 1 < w.approvals_required) return t('withdrawals.addApproval', what);
  if (w.payout === 'bank') return t('withdrawals.approveBank', { amount: formatInr(w.amount) });
  return w.payout === 'hot_wallet'
    ? t('withdrawals.hotWallet', what)
    : t('withdrawals.approvePaying', what);
}

/**
 * Withdrawals to pay out (from the hot wallet, or by hand with the hash) or reject; approving is
 * stepped up with the admin's second factor. No buttons on the admin's own withdrawal or one they
 * already approved (the server refuses both too).
 */
export function WithdrawalQueue({ adminId, factors }: WithdrawalQueueProps) {
  const { t } = useTranslation('admin-reviews');
  const queue = useQueueArgs();
  const query = useGetWithdrawalQueueQuery(queue.args, { refetchOnMountOrArgChange: true });
  const [approveCall, { isLoading }] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  // The reason first, then the admin's second factor, as for an approval (review N-L2).
  const refuse = async (w: AdminWithdrawal, reason: string) => {
    setRejecting(null);
    money.start({
      title: t('withdrawals.rejectTitle'),
      description: t('withdrawals.rejectDescription', {
        amount: groupThousands(w.amount),
        coin: w.token.symbol,
        email: w.user.email,
        reason,
      }),
      submitLabel: t('withdrawals.reject'),
      send: (body) => reject({ id: w._id, reason, ...body }),
    });
    return true;
  };
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const money = useMoneyDecision(factors ?? NO_SECOND_FACTOR);

  const approve = (w: AdminWithdrawal) =>
    money.start({
      title: t('withdrawals.approveTitle'),
      description: approvalText(t, w),
      submitLabel: t('withdrawals.approve'),
      ask: needsHash(w) ? 'tx_hash' : undefined,
      send: (body) => approveCall({ id: w._id, ...body }),
    });

  const columns: Column<AdminWithdrawal>[] = [
    {
      key: 'user',
      header: t('withdrawals.columns.user'),
      role: 'title',
      cell: (w) => (
        <RequesterCell email={w.user.email} when={t('withdrawals.requested')} at={w.created_at} />
      ),
    },
    {
      key: 'amount',
      header: t('withdrawals.columns.amount'),
      cell: (w) => (
        <AmountCell amount={w.amount} symbol={w.token.symbol} valueUsdt={w.value_usdt} />
      ),
    },
    {
      key: 'chain',
      header: t('withdrawals.columns.chain'),
      cell: (w) => (
        <ChainCell
          network={w.network}
          hash={w.tx_hash}
          party={
            <>
              {t('withdrawals.to')} <ShortAddress address={w.address} />
            </>
          }
        />
      ),
    },
    {
      key: 'status',
      header: t('withdrawals.columns.status'),
      cell: (w) => (
        <div className={styles.lines}>
          <ReviewStatus status={w.status} reason={w.reason} />
          {w.payout_sent && w.status === 'pending' && (
            <span className={styles.note}>
              {w.payout_questioned ? t('withdrawals.questioned') : t('withdrawals.sent')}
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
      header: t('withdrawals.columns.actions'),
      role: 'actions',
      cell: (w) => {
        const rejectButton = (
          <Button
            variant="secondary"
            aria-label={t('withdrawals.rejectLabel', {
              amount: w.amount,
              coin: w.token.symbol,
              email: w.user.email,
            })}
            onClick={() => setRejecting(w)}
          >
            {t('withdrawals.reject')}
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
                aria-label={t('withdrawals.approveLabel', {
                  amount: w.amount,
                  coin: w.token.symbol,
                  email: w.user.email,
                })}
                onClick={() => approve(w)}
              >
                {t('withdrawals.approve')}
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
      searchHint={t('withdrawals.searchHint')}
      queue={queue}
      total={query.data?.total ?? 0}
    >
      {factors && !factors.code && !factors.passkey && <SecondFactorNotice />}
      <DataTable
        label={t('withdrawals.label')}
        columns={columns}
        rows={query.currentData?.data ?? []}
        rowKey={(w) => w._id}
        isLoading={query.isFetching && !query.currentData}
        emptyText={t('noData')}
        error={query.isError && !query.currentData ? t('withdrawals.loadFailed') : undefined}
      />
      {rejecting && (
        <ReasonDialog
          title={t('withdrawals.reasonTitle', {
            amount: rejecting.amount,
            coin: rejecting.token.symbol,
            email: rejecting.user.email,
          })}
          onClose={() => setRejecting(null)}
          onReject={(reason) => refuse(rejecting, reason)}
        />
      )}
      {money.dialog}
    </QueueView>
  );
}
