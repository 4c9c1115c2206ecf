import type { ApiKeyDto } from '@exchange/contracts';
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
import { RichText } from '@/i18n/rich-text';
import { useGetApiKeysQuery, useRevokeApiKeyMutation } from '../api/api-keys';
import styles from './api-keys.module.css';

const STATUS_TONES = { active: 'success', expired: 'pending', revoked: 'danger' } as const;

/** The user's keys with their permissions and state; an active one can be revoked. */
export function ApiKeyList() {
  const { t } = useTranslation('api-keys');
  const revokeFailed = t('list.revokeFailed');
  const { data = [], isLoading, isError } = useGetApiKeysQuery(undefined);
  const [revoke, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const [confirming, setConfirming] = useState<ApiKeyDto | null>(null);
  // A revoked key's row loses its Revoke button: focus goes to the list, not the body.
  const list = useRef<HTMLDivElement>(null);
  useFocusRescue(list, () => list.current?.querySelector<HTMLElement>('[role="region"]'));

  const onRevoke = async () => {
    if (!confirming) return;
    try {
      await revoke(confirming.id).unwrap();
      toast.success(t('list.revoked', { label: confirming.label }));
      setConfirming(null);
    } catch (error) {
      toastFailure(error, revokeFailed, revokeFailed);
    }
  };

  const columns: Column<ApiKeyDto>[] = [
    { key: 'label', header: t('form.label'), role: 'title', cell: (k) => k.label },
    { key: 'key', header: t('list.apiKey'), cell: (k) => <code>{k.key_prefix}…</code> },
    {
      key: 'scopes',
      header: t('form.permissions'),
      cell: (k) => k.scopes.map((s) => t(`list.scope.${s}`)).join(', '),
    },
    {
      key: 'ips',
      header: t('list.ipAllowlist'),
      cell: (k) => (k.ip_allowlist.length ? k.ip_allowlist.join(', ') : t('list.any')),
    },
    { key: 'created', header: t('list.created'), cell: (k) => formatDateTime(k.created_at) },
    { key: 'expires', header: t('list.expires'), cell: (k) => formatDateTime(k.expires_at) },
    {
      key: 'status',
      header: t('list.status'),
      cell: (k) => (
        <StatusBadge tone={STATUS_TONES[k.status]}>{t(`list.statuses.${k.status}`)}</StatusBadge>
      ),
    },
    {
      key: 'action',
      header: t('list.action'),
      role: 'actions',
      cell: (k) =>
        k.status === 'active' ? (
          <Button
            variant="ghost"
            onClick={() => setConfirming(k)}
            aria-label={t('list.revokeLabel', { label: k.label })}
          >
            {t('list.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div ref={list}>
      <DataTable
        label={t('list.yours')}
        columns={columns}
        rows={data}
        rowKey={(k) => k.id}
        isLoading={isLoading}
        error={isError ? t('list.loadFailed') : undefined}
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('list.revokeTitle')}
      >
        <p>
          <RichText
            text={t('list.revokeQuestion', { label: confirming?.label ?? '' })}
            parts={{ strong: (c) => <strong>{c}</strong> }}
          />
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={revoking}>
            {t('list.cancel')}
          </Button>
          <Button onClick={() => void onRevoke()} busy={revoking} disabled={revoking}>
            {t('list.revoke')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
