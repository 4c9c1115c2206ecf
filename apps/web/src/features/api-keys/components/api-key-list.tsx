import type { ApiKeyDto } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useGetApiKeysQuery, useRevokeApiKeyMutation } from '../api/api-keys';
import styles from './api-keys.module.css';

const STATUS_TONES = { active: 'success', expired: 'pending', revoked: 'danger' } as const;
const STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;
const REVOKE_FAILED = 'The API key could not be revoked. Please try again.';

/** The user's keys with their permissions and state; an active one can be revoked. */
export function ApiKeyList() {
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
      toast.success(`API key ${confirming.label} revoked`);
      setConfirming(null);
    } catch (error) {
      toastFailure(error, REVOKE_FAILED, REVOKE_FAILED);
    }
  };

  const columns: Column<ApiKeyDto>[] = [
    { key: 'label', header: 'Label', role: 'title', cell: (k) => k.label },
    { key: 'key', header: 'API key', cell: (k) => <code>{k.key_prefix}…</code> },
    { key: 'scopes', header: 'Permissions', cell: (k) => k.scopes.join(', ') },
    {
      key: 'ips',
      header: 'IP allowlist',
      cell: (k) => (k.ip_allowlist.length ? k.ip_allowlist.join(', ') : 'Any'),
    },
    { key: 'created', header: 'Created', cell: (k) => formatDateTime(k.created_at) },
    { key: 'expires', header: 'Expires', cell: (k) => formatDateTime(k.expires_at) },
    {
      key: 'status',
      header: 'Status',
      cell: (k) => (
        <StatusBadge tone={STATUS_TONES[k.status]}>{STATUS_LABELS[k.status]}</StatusBadge>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (k) =>
        k.status === 'active' ? (
          <Button variant="ghost" onClick={() => setConfirming(k)} aria-label={`Revoke ${k.label}`}>
            Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <div ref={list}>
      <DataTable
        label="Your API keys"
        columns={columns}
        rows={data}
        rowKey={(k) => k.id}
        isLoading={isLoading}
        error={isError ? 'Your API keys could not be loaded.' : undefined}
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Revoke API key"
      >
        <p>
          Revoke <strong>{confirming?.label}</strong>? Programs using it stop working at once.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={revoking}>
            Cancel
          </Button>
          <Button onClick={() => void onRevoke()} busy={revoking} disabled={revoking}>
            Revoke
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
