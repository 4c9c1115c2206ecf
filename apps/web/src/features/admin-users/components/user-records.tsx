import type {
  DepositRecordDto,
  LedgerEntry,
  OrderDto,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { Tabs } from '@/components/ui/tabs';
import { useTransferStatus } from '@/i18n/statuses';
import { formatDateTime } from '@/lib/format';
import {
  useGetUserDepositsQuery,
  useGetUserLedgerQuery,
  useGetUserOrdersQuery,
  useGetUserWithdrawalsQuery,
} from '../api/admin-users';

const PAGE_SIZE = 10;
type Tab = 'open' | 'closed' | 'deposits' | 'withdrawals' | 'ledger';

const orderColumns = (t: TFunction<'admin-users'>): Column<OrderDto>[] => [
  { key: 'pair', header: t('records.columns.pair'), role: 'title', cell: (o) => o.symbol },
  { key: 'time', header: t('records.columns.dateTime'), cell: (o) => formatDateTime(o.created_at) },
  {
    key: 'side',
    header: t('records.columns.order'),
    cell: (o) => `${o.trade_type} ${o.order_type}`,
  },
  { key: 'price', header: t('records.columns.price'), cell: (o) => o.price, align: 'right' },
  { key: 'volume', header: t('records.columns.volume'), cell: (o) => o.volume, align: 'right' },
  { key: 'status', header: t('records.columns.status'), cell: (o) => o.status },
];
const fundsColumns = (
  t: TFunction<'admin-users'>,
  statusWord: ReturnType<typeof useTransferStatus>,
): Column<DepositRecordDto | WithdrawalRecordDto>[] => [
  { key: 'network', header: t('records.columns.network'), cell: (r) => r.network },
  {
    key: 'amount',
    header: t('records.columns.amount'),
    cell: (r) => `${r.amount} ${r.token.symbol}`,
    align: 'right',
  },
  { key: 'hash', header: t('records.columns.hash'), cell: (r) => r.tx_hash ?? '-' },
  { key: 'status', header: t('records.columns.status'), cell: (r) => statusWord(r.status) },
  { key: 'time', header: t('records.columns.time'), cell: (r) => formatDateTime(r.updated_at) },
];
const ledgerColumns = (t: TFunction<'admin-users'>): Column<LedgerEntry>[] => [
  { key: 'time', header: t('records.columns.time'), cell: (e) => formatDateTime(e.created_at) },
  { key: 'kind', header: t('records.columns.kind'), cell: (e) => e.kind },
  {
    key: 'wallet',
    header: t('records.columns.wallet'),
    cell: (e) => `${e.wallet_type} ${e.bucket}`,
  },
  {
    key: 'amount',
    header: t('records.columns.amount'),
    cell: (e) => `${e.amount} ${e.token}`,
    align: 'right',
  },
  { key: 'ref', header: t('records.columns.reference'), cell: (e) => e.reference },
];

/** One tab's list, fetched only while its tab is open. */
function TabList({ id, tab }: { id: string; tab: Tab }) {
  const { t } = useTranslation('admin-users');
  const statusWord = useTransferStatus();
  const [page, setPage] = useState(1);
  const args = { id, page, page_size: PAGE_SIZE };
  const orders = useGetUserOrdersQuery(
    { ...args, status: tab === 'closed' ? 'closed' : 'open' },
    { skip: tab !== 'open' && tab !== 'closed' },
  );
  const deposits = useGetUserDepositsQuery(args, { skip: tab !== 'deposits' });
  const withdrawals = useGetUserWithdrawalsQuery(args, { skip: tab !== 'withdrawals' });
  const ledger = useGetUserLedgerQuery(args, { skip: tab !== 'ledger' });
  const paging = { page, pageSize: PAGE_SIZE, onPageChange: setPage };
  if (tab === 'deposits')
    return (
      <PagedTable
        label={t('records.deposits')}
        errorText={t('records.depositsFailed')}
        columns={fundsColumns(t, statusWord)}
        query={deposits}
        rowKey={(r) => r._id}
        {...paging}
      />
    );
  if (tab === 'withdrawals')
    return (
      <PagedTable
        label={t('records.withdrawals')}
        errorText={t('records.withdrawalsFailed')}
        columns={fundsColumns(t, statusWord)}
        query={withdrawals}
        rowKey={(r) => r._id}
        {...paging}
      />
    );
  if (tab === 'ledger')
    return (
      <PagedTable
        label={t('records.ledger')}
        errorText={t('records.ledgerFailed')}
        columns={ledgerColumns(t)}
        query={ledger}
        rowKey={(e) => `${e.transaction_id}:${e.token}:${e.wallet_type}:${e.bucket}`}
        {...paging}
      />
    );
  return (
    <PagedTable
      label={t('records.orders')}
      errorText={t('records.ordersFailed')}
      columns={orderColumns(t)}
      query={orders}
      rowKey={(o) => o._id}
      {...paging}
    />
  );
}

/** The account's orders (open, past), deposits, withdrawals and ledger entries, in tabs. */
export function UserRecords({ id }: { id: string }) {
  const { t } = useTranslation('admin-users');
  const [tab, setTab] = useState<Tab>('open');
  const content = <TabList key={tab} id={id} tab={tab} />;
  return (
    <Tabs
      label={t('records.label')}
      value={tab}
      onValueChange={setTab}
      items={[
        { value: 'open', label: t('records.tabs.open'), content },
        { value: 'closed', label: t('records.tabs.closed'), content },
        { value: 'deposits', label: t('records.tabs.deposits'), content },
        { value: 'withdrawals', label: t('records.tabs.withdrawals'), content },
        { value: 'ledger', label: t('records.tabs.ledger'), content },
      ]}
    />
  );
}
