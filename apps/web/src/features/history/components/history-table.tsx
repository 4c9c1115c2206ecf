import type { DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format';
import { Amount, networkName, StatusCell, TxHash } from './history-cells';

type HistoryRow = DepositRecordDto | WithdrawalRecordDto;

/** The history columns: network, amount in its coin, transaction hash ("-" if none), status, time. */
const COLUMNS: Column<HistoryRow>[] = [
  { key: 'network', header: 'Network', cell: (r) => networkName(r.network) },
  {
    key: 'amount',
    header: 'Amount',
    cell: (r) => <Amount amount={r.amount} coin={r.token.symbol} />,
  },
  { key: 'hash', header: 'Transaction Hash', cell: (r) => <TxHash hash={r.tx_hash} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => <StatusCell status={r.status} reason={r.reason} />,
  },
  { key: 'time', header: 'Time', cell: (r) => formatDateTime(r.updated_at) },
];

interface HistoryTableProps {
  label: string;
  /** What the rows are, for the error text ("deposits"). */
  noun: string;
  query: {
    currentData?: { data: HistoryRow[] };
    data?: { total: number };
    isFetching: boolean;
    isError: boolean;
  };
  page: { page: number; pageSize: number; setPage: (page: number) => void };
}

/** One history list with its states (spinner, NO DATA, error) and paging. */
export function HistoryTable({ label, noun, query, page }: HistoryTableProps) {
  return (
    <>
      <DataTable
        label={label}
        columns={COLUMNS}
        rows={query.currentData?.data ?? []}
        rowKey={(r) => r._id}
        isLoading={query.isFetching && !query.currentData}
        error={
          query.isError && !query.currentData
            ? `Could not load your ${noun}. Try again later.`
            : undefined
        }
      />
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={query.data?.total ?? 0}
        onChange={page.setPage}
      />
    </>
  );
}
