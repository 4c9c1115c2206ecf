import type { WithdrawalRecordDto } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format';
import { useGetWithdrawHistoryQuery } from '../api/get-history';
import { useHistoryPage } from '../hooks/use-history-page';
import { Amount, networkName, StatusCell, TxHash } from './history-cells';

const COLUMNS: Column<WithdrawalRecordDto>[] = [
  { key: 'network', header: 'Network', cell: (r) => networkName(r.network) },
  {
    key: 'amount',
    header: 'Amount',
    cell: (r) => <Amount amount={r.amount} coin={r.token.symbol} />,
  },
  { key: 'hash', header: 'Transaction Hash', cell: (r) => <TxHash hash={r.tx_hash} /> },
  { key: 'status', header: 'Status', cell: (r) => <StatusCell status={r.status} /> },
  { key: 'time', header: 'Time', cell: (r) => formatDateTime(r.updated_at) },
];

/** /withdraw-history: the user's withdrawals with their status, newest first, 20 a page. */
export function WithdrawHistoryTable() {
  const { args, page, pageSize, setPage } = useHistoryPage('withdrawHistory');
  const query = useGetWithdrawHistoryQuery(args, { refetchOnMountOrArgChange: true });
  return (
    <>
      <DataTable
        label="Withdraw History"
        columns={COLUMNS}
        rows={query.currentData?.data ?? []}
        rowKey={(r) => r._id}
        isLoading={query.isFetching && !query.currentData}
        error={
          query.isError && !query.currentData
            ? 'Could not load your withdrawals. Try again later.'
            : undefined
        }
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={query.data?.total ?? 0}
        onChange={setPage}
      />
    </>
  );
}
