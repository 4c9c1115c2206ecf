import { KYC_REQUEST_STATUSES, type AdminKycRequest } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import {
  useApproveIdentityMutation,
  useGetKycQueueQuery,
  useRejectIdentityMutation,
} from '../api/reviews-api';
import { decisionRecorded } from '../announce-decision';
import { useQueueArgs } from '../hooks/use-queue-args';
import { ConfirmDialog } from './confirm-dialog';
import { DocumentImage } from './document-image';
import { QueueView } from './queue-view';
import { ReasonDialog } from './reason-dialog';
import { ReviewStatus } from './review-status';
import styles from './reviews.module.css';

/** Identity requests: the documents, Aadhaar's last four digits and the masked PAN; approve or reject. */
export function IdentityQueue() {
  const { t } = useTranslation('admin-reviews');
  const queue = useQueueArgs();
  const query = useGetKycQueueQuery(queue.args, { refetchOnMountOrArgChange: true });
  const [approve, { isLoading }] = useApproveIdentityMutation();
  const [reject] = useRejectIdentityMutation();
  const [approving, setApproving] = useState<AdminKycRequest | null>(null);
  const [rejecting, setRejecting] = useState<AdminKycRequest | null>(null);
  const rows = query.currentData?.data ?? [];

  return (
    <QueueView
      statuses={KYC_REQUEST_STATUSES}
      searchHint={t('identity.searchHint')}
      queue={queue}
      total={query.data?.total ?? 0}
    >
      {query.isFetching && !query.currentData ? (
        <Spinner />
      ) : query.isError && !query.currentData ? (
        <p className={styles.empty} role="alert">
          {t('identity.loadFailed')}
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t('identity.noData')}</p>
      ) : (
        <ul className={styles.cards} aria-label={t('identity.label')}>
          {rows.map((r) => (
            <li
              key={r._id}
              className={styles.card}
              aria-label={t('identity.requestOf', { email: r.user.email })}
            >
              <div className={styles.cardHead}>
                <strong>
                  {r.user.first_name} {r.user.last_name} · {r.user.email}
                </strong>
                <ReviewStatus status={r.status} reason={r.rejection_reason} />
              </div>
              <dl className={styles.facts}>
                <dt>{t('identity.aadhaar')}</dt>
                <dd>{`XXXX XXXX ${r.aadhaar_last4}`}</dd>
                <dt>PAN</dt>
                <dd>{r.pan_masked}</dd>
                {r.held_elsewhere.aadhaar && (
                  <dd className={styles.missing}>{t('identity.heldAadhaar')}</dd>
                )}
                {r.held_elsewhere.pan && (
                  <dd className={styles.missing}>{t('identity.heldPan')}</dd>
                )}
                <dt>{t('identity.submitted')}</dt>
                <dd>{formatDateTime(r.created_at)}</dd>
                {r.reviewed_at && (
                  <>
                    <dt>{t('identity.reviewed')}</dt>
                    <dd>{formatDateTime(r.reviewed_at)}</dd>
                  </>
                )}
              </dl>
              <div className={styles.images}>
                <DocumentImage fileId={r.aadhar_image_1} caption={t('identity.aadhaarFront')} />
                <DocumentImage fileId={r.aadhar_image_2} caption={t('identity.aadhaarBack')} />
                <DocumentImage fileId={r.pan_image} caption={t('identity.panCard')} />
              </div>
              {r.status === 'pending' && (
                <div className={styles.actions}>
                  <Button
                    disabled={isLoading}
                    aria-label={t('identity.approveLabel', { email: r.user.email })}
                    onClick={() => setApproving(r)}
                  >
                    {t('identity.approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t('identity.rejectLabel', { email: r.user.email })}
                    onClick={() => setRejecting(r)}
                  >
                    {t('identity.reject')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {approving && (
        <ConfirmDialog
          title={t('identity.approveTitle')}
          description={t('identity.approveDescription', {
            name: `${approving.user.first_name} ${approving.user.last_name}`,
            email: approving.user.email,
          })}
          confirmLabel={t('identity.approve')}
          onClose={() => setApproving(null)}
          onConfirm={() => decisionRecorded(approve({ id: approving._id }))}
        />
      )}
      {rejecting && (
        <ReasonDialog
          title={t('identity.reasonTitle', { email: rejecting.user.email })}
          onClose={() => setRejecting(null)}
          onReject={(reason) => decisionRecorded(reject({ id: rejecting._id, reason }))}
        />
      )}
    </QueueView>
  );
}
