import type { DepositRecordDto } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format';
import { useGetDepositHistoryQuery } from '../api/get-history';
import { useHistoryPage } from '../hooks/use-history-page';
import { Amount, networkName, StatusCell, TxHash } from './history-cells';

const COLUMNS: Column<DepositRecordDto>[] = [
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

/** /deposit-history: the user's deposits, newest first, 20 a page. */
export function DepositHistoryTable() {
  const { args, page, pageSize, setPage } = useHistoryPage('depositHistory');
  const query = useGetDepositHistoryQuery(args, { refetchOnMountOrArgChange: true });
  return (
    <>
      <DataTable
        label="Deposit History"
        columns={COLUMNS}
        rows={query.currentData?.data ?? []}
        rowKey={(r) => r._id}
        isLoading={query.isFetching && !query.currentData}
        error={
          query.isError && !query.currentData
            ? 'Could not load your deposits. Try again later.'
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
