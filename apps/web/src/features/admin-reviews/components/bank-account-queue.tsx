import {
  BANK_ACCOUNT_STATUSES,
  type AdminBankAccount,
  type BankAccountStatus,
} from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import { useGetBankAccountQueueQuery, useRejectBankAccountMutation } from '../api/rupees-api';
import { decisionRecorded } from '../announce-decision';
import { BankVerifyDialog } from './bank-verify-dialog';
import { DocumentImage } from './document-image';
import { ReasonDialog } from './reason-dialog';
import { useStatusLabel } from '../status-label';
import styles from './rupees.module.css';

const MATCH_TONES = {
  exact: 'success',
  fuzzy: 'pending',
  none: 'danger',
  unvalidated: 'pending',
} as const;

/**
 * Bank accounts waiting for verification: the holder name the bank returned (penny drop) beside
 * the identity's and the typed one, verify (once the bank's name matches) or reject.
 */
export function BankAccountQueue({ adminId }: { adminId: string | undefined }) {
  const { t } = useTranslation('admin-reviews');
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState<BankAccountStatus>('pending');
  const { data, isLoading, isError } = useGetBankAccountQueueQuery(status, {
    refetchOnMountOrArgChange: true,
  });
  const [reject] = useRejectBankAccountMutation();
  const [verifying, setVerifying] = useState<AdminBankAccount | null>(null);
  const [rejecting, setRejecting] = useState<AdminBankAccount | null>(null);

  const columns: Column<AdminBankAccount>[] = [
    {
      key: 'user',
      header: t('bankAccounts.columns.user'),
      role: 'title',
      cell: (a) => a.user.email,
    },
    {
      key: 'names',
      header: t('bankAccounts.columns.names'),
      cell: (a) => (
        <div className={styles.lines}>
          <span>
            {a.bank_name
              ? t('bankAccounts.bankName', { name: a.bank_name })
              : t(
                  a.validation_status === 'invalid'
                    ? 'bankAccounts.bankInvalid'
                    : 'bankAccounts.notValidated',
                )}
          </span>
          <span className={styles.sub}>{t('bankAccounts.typed', { name: a.holder_name })}</span>
          <span className={styles.sub}>
            {t('bankAccounts.identity', { name: a.identity_name })}
          </span>
          <StatusBadge tone={MATCH_TONES[a.name_match as keyof typeof MATCH_TONES] ?? 'danger'}>
            {t('bankAccounts.nameMatch', {
              match: t(`bankAccounts.match.${a.name_match}`, { defaultValue: a.name_match }),
            })}
          </StatusBadge>
        </div>
      ),
    },
    {
      key: 'account',
      header: t('bankAccounts.columns.account'),
      cell: (a) => (
        <div className={styles.lines}>
          <span>{a.account_number}</span>
          <span className={styles.sub}>
            {a.ifsc} · {a.bank}
          </span>
          {a.upi_id && (
            <span className={styles.sub}>
              {a.upi_name
                ? t('bankAccounts.upiVerified', { vpa: a.upi_id, name: a.upi_name })
                : t('bankAccounts.upiUnverified', { vpa: a.upi_id })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'added',
      header: t('bankAccounts.columns.added'),
      cell: (a) => formatDateTime(a.created_at),
    },
    {
      key: 'action',
      header: t('bankAccounts.columns.action'),
      role: 'actions',
      cell: (a) =>
        a.status !== 'pending' ? (
          <div className={styles.lines}>
            <span>{a.reason ?? statusLabel(a.status)}</span>
            {a.proof_file_id && (
              <div className={styles.proof}>
                <DocumentImage fileId={a.proof_file_id} caption={t('bankAccounts.proof')} />
              </div>
            )}
          </div>
        ) : a.user._id === adminId ? (
          <span className={styles.sub}>{t('bankAccounts.own')}</span>
        ) : (
          <div className={styles.actions}>
            <Button
              onClick={() => setVerifying(a)}
              disabled={a.name_match !== 'exact' && a.name_match !== 'fuzzy'}
              title={a.name_match === 'unvalidated' ? t('bankAccounts.validateFirst') : undefined}
              aria-label={t('bankAccounts.verifyLabel', {
                account: a.account_number,
                email: a.user.email,
              })}
            >
              {t('bankAccounts.verify')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setRejecting(a)}
              aria-label={t('bankAccounts.rejectLabel', {
                account: a.account_number,
                email: a.user.email,
              })}
            >
              {t('bankAccounts.reject')}
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <div className={styles.filters}>
        <Select
          label={t('filters.status')}
          options={BANK_ACCOUNT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={status}
          onValueChange={(v) => setStatus(v as BankAccountStatus)}
        />
      </div>
      <DataTable
        label={t('bankAccounts.label')}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(a) => a._id}
        isLoading={isLoading}
        emptyText={t('noData')}
        error={isError ? t('bankAccounts.loadFailed') : undefined}
      />
      {verifying && <BankVerifyDialog account={verifying} onClose={() => setVerifying(null)} />}
      {rejecting && (
        <ReasonDialog
          title={t('bankAccounts.reasonTitle', { account: rejecting.account_number })}
          onClose={() => setRejecting(null)}
          onReject={(reason) => decisionRecorded(reject({ id: rejecting._id, reason }))}
        />
      )}
    </>
  );
}
