import type {
  DepositRecordDto,
  LedgerEntry,
  OrderDto,
  WithdrawalRecordDto,
} from '@exchange/contracts';
import { useState } from 'react';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { Tabs } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import {
  useGetUserDepositsQuery,
  useGetUserLedgerQuery,
  useGetUserOrdersQuery,
  useGetUserWithdrawalsQuery,
} from '../api/admin-users';

const PAGE_SIZE = 10;
type Tab = 'open' | 'closed' | 'deposits' | 'withdrawals' | 'ledger';

const ORDER_COLUMNS: Column<OrderDto>[] = [
  { key: 'pair', header: 'Pair', role: 'title', cell: (o) => o.symbol },
  { key: 'time', header: 'Date & Time', cell: (o) => formatDateTime(o.created_at) },
  { key: 'side', header: 'Order', cell: (o) => `${o.trade_type} ${o.order_type}` },
  { key: 'price', header: 'Price', cell: (o) => o.price, align: 'right' },
  { key: 'volume', header: 'Volume', cell: (o) => o.volume, align: 'right' },
  { key: 'status', header: 'Status', cell: (o) => o.status },
];
const FUNDS_COLUMNS: Column<DepositRecordDto | WithdrawalRecordDto>[] = [
  { key: 'network', header: 'Network', cell: (r) => r.network },
  { key: 'amount', header: 'Amount', cell: (r) => `${r.amount} ${r.token.symbol}`, align: 'right' },
  { key: 'hash', header: 'Transaction Hash', cell: (r) => r.tx_hash ?? '-' },
  { key: 'status', header: 'Status', cell: (r) => r.status },
  { key: 'time', header: 'Time', cell: (r) => formatDateTime(r.updated_at) },
];
const LEDGER_COLUMNS: Column<LedgerEntry>[] = [
  { key: 'time', header: 'Time', cell: (e) => formatDateTime(e.created_at) },
  { key: 'kind', header: 'Kind', cell: (e) => e.kind },
  { key: 'wallet', header: 'Wallet', cell: (e) => `${e.wallet_type} ${e.bucket}` },
  { key: 'amount', header: 'Amount', cell: (e) => `${e.amount} ${e.token}`, align: 'right' },
  { key: 'ref', header: 'Reference', cell: (e) => e.reference },
];

/** One tab's list, fetched only while its tab is open. */
function TabList({ id, tab }: { id: string; tab: Tab }) {
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
        label="Deposits"
        errorText="Could not load the deposits."
        columns={FUNDS_COLUMNS}
        query={deposits}
        rowKey={(r) => r._id}
        {...paging}
      />
    );
  if (tab === 'withdrawals')
    return (
      <PagedTable
        label="Withdrawals"
        errorText="Could not load the withdrawals."
        columns={FUNDS_COLUMNS}
        query={withdrawals}
        rowKey={(r) => r._id}
        {...paging}
      />
    );
  if (tab === 'ledger')
    return (
      <PagedTable
        label="Ledger entries"
        errorText="Could not load the ledger entries."
        columns={LEDGER_COLUMNS}
        query={ledger}
        rowKey={(e) => `${e.transaction_id}:${e.token}:${e.wallet_type}:${e.bucket}`}
        {...paging}
      />
    );
  return (
    <PagedTable
      label="Orders"
      errorText="Could not load the orders."
      columns={ORDER_COLUMNS}
      query={orders}
      rowKey={(o) => o._id}
      {...paging}
    />
  );
}

/** The account's orders (open, past), deposits, withdrawals and ledger entries, in tabs. */
export function UserRecords({ id }: { id: string }) {
  const [tab, setTab] = useState<Tab>('open');
  const content = <TabList key={tab} id={id} tab={tab} />;
  return (
    <Tabs
      label="Account records"
      value={tab}
      onValueChange={setTab}
      items={[
        { value: 'open', label: 'Open orders', content },
        { value: 'closed', label: 'Order history', content },
        { value: 'deposits', label: 'Deposits', content },
        { value: 'withdrawals', label: 'Withdrawals', content },
        { value: 'ledger', label: 'Ledger', content },
      ]}
    />
  );
}
