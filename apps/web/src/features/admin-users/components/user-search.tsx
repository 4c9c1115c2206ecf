import type { AdminUser } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { PagedTable } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useIdentityStatus } from '@/i18n/statuses';
import { formatDateTime } from '@/lib/format';
import { useSearchUsersQuery } from '../api/admin-users';
import styles from './admin-users.module.css';

const PAGE_SIZE = 20;

/** Accounts found by any part of their email, name or phone; picking one opens it. */
export function UserSearch({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('admin-users');
  const identityStatus = useIdentityStatus();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useSearchUsersQuery({ q: q || undefined, page, page_size: PAGE_SIZE });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  const columns: Column<AdminUser>[] = [
    {
      key: 'email',
      header: t('user.email'),
      role: 'title',
      cell: (u) => (
        <button type="button" className={styles.link} onClick={() => onOpen(u._id)}>
          {u.email}
        </button>
      ),
    },
    { key: 'name', header: t('user.name'), cell: (u) => `${u.first_name} ${u.last_name}`.trim() },
    { key: 'phone', header: t('user.phone'), cell: (u) => u.phone ?? '-' },
    {
      key: 'kyc',
      header: t('user.verification'),
      cell: (u) => identityStatus(u.verification_request_status),
    },
    {
      key: 'state',
      header: t('user.account'),
      cell: (u) =>
        u.locked ? (
          <StatusBadge tone="danger">{t('user.locked')}</StatusBadge>
        ) : (
          <StatusBadge tone="success">{t('user.active')}</StatusBadge>
        ),
    },
    { key: 'created', header: t('user.joined'), cell: (u) => formatDateTime(u.created_at) },
  ];
  return (
    <>
      <form className={styles.bar} role="search" onSubmit={onSubmit}>
        <Field
          label={t('search.label')}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      <PagedTable
        label={t('search.users')}
        columns={columns}
        rowKey={(u) => u._id}
        query={query}
        errorText={t('search.loadFailed')}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </>
  );
}
