import type { BankAccount } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useGetBankAccountsQuery, useRemoveBankAccountMutation } from '../api/rupees-api';

export const BANK_STATUS_TONES = {
  pending: 'pending',
  verified: 'success',
  rejected: 'danger',
  removed: 'pending',
} as const;

/** The user's bank accounts with their verification state; each can be removed. */
export function BankAccountList() {
  const { t } = useTranslation('rupees');
  const removeFailed = t('accounts.removeFailed');
  const { data = [], isLoading, isError } = useGetBankAccountsQuery(undefined);
  const [remove, { isLoading: removing }] = useRemoveBankAccountMutation();
  const [confirming, setConfirming] = useState<BankAccount | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useFocusRescue(list, () => list.current?.querySelector<HTMLElement>('[role="region"]'));

  const onRemove = async () => {
    if (!confirming) return;
    try {
      await remove(confirming._id).unwrap();
      toast.success(t('accounts.removed'));
      setConfirming(null);
    } catch (error) {
      toastFailure(error, removeFailed, removeFailed);
    }
  };

  const columns: Column<BankAccount>[] = [
    {
      key: 'bank',
      header: t('accounts.bank'),
      role: 'title',
      cell: (a) => `${a.bank} ${a.account_number} · ${a.ifsc}`,
    },
    {
      key: 'status',
      header: t('accounts.status'),
      cell: (a) => (
        <>
          <StatusBadge tone={BANK_STATUS_TONES[a.status]}>
            {t(`accounts.statuses.${a.status}`)}
          </StatusBadge>
          {a.reason && <span> {a.reason}</span>}
          {a.payouts_from && Date.parse(a.payouts_from) > Date.now() && (
            <span> {t('accounts.payoutsFrom', { at: formatDateTime(a.payouts_from) })}</span>
          )}
        </>
      ),
    },
    { key: 'holder', header: t('accounts.holder'), cell: (a) => a.bank_name ?? a.holder_name },
    {
      key: 'upi',
      header: t('accounts.upiId'),
      cell: (a) =>
        a.upi_id
          ? `${a.upi_id} (${t(a.upi_verified ? 'accounts.upiVerified' : 'accounts.upiUnverified')})`
          : '—',
    },
    {
      key: 'action',
      header: t('accounts.action'),
      role: 'actions',
      cell: (a) => (
        <Button
          variant="ghost"
          onClick={() => setConfirming(a)}
          aria-label={t('accounts.removeLabel', { bank: a.bank, number: a.account_number })}
        >
          {t('accounts.remove')}
        </Button>
      ),
    },
  ];

  return (
    <div ref={list}>
      <DataTable
        label={t('accounts.yours')}
        columns={columns}
        rows={data}
        rowKey={(a) => a._id}
        isLoading={isLoading}
        emptyText={t('accounts.empty')}
        error={isError ? t('accounts.loadFailed') : undefined}
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('accounts.removeTitle')}
      >
        <p>
          {t('accounts.removeText', {
            bank: confirming?.bank ?? '',
            number: confirming?.account_number ?? '',
          })}
        </p>
        <Button onClick={() => void onRemove()} disabled={removing}>
          {t('accounts.remove')}
        </Button>
      </Dialog>
    </div>
  );
}
