import { DEPOSIT_STATUSES, type AdminDeposit } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { groupThousands } from '@/lib/amount';
import {
  useApproveDepositMutation,
  useGetDepositQueueQuery,
  useRejectDepositMutation,
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

interface DepositQueueProps {
  /** The signed-in admin (unknown while the profile loads). */
  adminId: string | undefined;
  /** Their second factors: confirming asks for one (unknown while the profile loads). */
  factors: SecondFactors | undefined;
}

/**
 * Deposits claimed by users: the chain explorer's link, confirm (four-eyes, stepped up with the
 * admin's second factor) or reject. No buttons on the admin's own deposit or one they already
 * approved (the server refuses both too). A rupee claim is credited from the bank statement: it
 * has a Confirm button only as the second approval of a statement line that matched it.
 */
export function DepositQueue({ adminId, factors }: DepositQueueProps) {
  const { t } = useTranslation('admin-reviews');
  const queue = useQueueArgs();
  const query = useGetDepositQueueQuery(queue.args, { refetchOnMountOrArgChange: true });
  const [approve, { isLoading }] = useApproveDepositMutation();
  const [reject] = useRejectDepositMutation();
  const money = useMoneyDecision(factors ?? NO_SECOND_FACTOR);
  const confirm = (d: AdminDeposit) =>
    money.start({
      title: t('deposits.confirmTitle'),
      description: t('deposits.confirmDescription', {
        amount: groupThousands(d.amount),
        coin: d.token.symbol,
        email: d.user.email,
      }),
      submitLabel: t('deposits.confirm'),
      send: (body) => approve({ id: d._id, ...body }),
    });
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);
  // The reason first, then the admin's second factor, as for a confirmation (review N-L2).
  const refuse = async (d: AdminDeposit, reason: string) => {
    setRejecting(null);
    money.start({
      title: t('deposits.rejectTitle'),
      description: t('deposits.rejectDescription', {
        amount: groupThousands(d.amount),
        coin: d.token.symbol,
        email: d.user.email,
        reason,
      }),
      submitLabel: t('deposits.reject'),
      send: (body) => reject({ id: d._id, reason, ...body }),
    });
    return true;
  };

  const columns: Column<AdminDeposit>[] = [
    {
      key: 'user',
      header: t('deposits.columns.user'),
      role: 'title',
      cell: (d) => (
        <RequesterCell email={d.user.email} when={t('deposits.submitted')} at={d.created_at} />
      ),
    },
    {
      key: 'amount',
      header: t('deposits.columns.amount'),
      cell: (d) => (
        <AmountCell amount={d.amount} symbol={d.token.symbol} valueUsdt={d.value_usdt} />
      ),
    },
    {
      key: 'chain',
      header: t('deposits.columns.chain'),
      cell: (d) => (
        <ChainCell
          network={d.network}
          hash={d.tx_hash}
          party={
            <>
              {t('deposits.from')} <ShortAddress address={d.sender_address} />
            </>
          }
        />
      ),
    },
    {
      key: 'status',
      header: t('deposits.columns.status'),
      cell: (d) => (
        <div className={styles.lines}>
          <ReviewStatus status={d.status} reason={d.reason} />
          <Approvals
            approvals={d.approvals}
            required={d.approvals_required}
            open={d.status === 'pending'}
          />
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('deposits.columns.actions'),
      role: 'actions',
      cell: (d) =>
        d.status === 'pending' &&
        (blockedFor(d, adminId) ?? (
          <div className={styles.actions}>
            {d.confirmable ? (
              <Button
                disabled={isLoading}
                aria-label={t('deposits.confirmLabel', {
                  amount: d.amount,
                  coin: d.token.symbol,
                  email: d.user.email,
                })}
                onClick={() => confirm(d)}
              >
                {t('deposits.confirm')}
              </Button>
            ) : (
              <span className={styles.sub}>{t('deposits.fromStatement')}</span>
            )}
            <Button
              variant="secondary"
              aria-label={t('deposits.rejectLabel', {
                amount: d.amount,
                coin: d.token.symbol,
                email: d.user.email,
              })}
              onClick={() => setRejecting(d)}
            >
              {t('deposits.reject')}
            </Button>
          </div>
        )),
    },
  ];

  return (
    <QueueView
      statuses={DEPOSIT_STATUSES}
      searchHint={t('deposits.searchHint')}
      queue={queue}
      total={query.data?.total ?? 0}
    >
      {factors && !factors.code && !factors.passkey && <SecondFactorNotice />}
      <DataTable
        label={t('deposits.label')}
        columns={columns}
        rows={query.currentData?.data ?? []}
        rowKey={(d) => d._id}
        isLoading={query.isFetching && !query.currentData}
        emptyText={t('noData')}
        error={query.isError && !query.currentData ? t('deposits.loadFailed') : undefined}
      />
      {rejecting && (
        <ReasonDialog
          title={t('deposits.reasonTitle', {
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
