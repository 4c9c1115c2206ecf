import type { DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import { type Column } from '@/components/ui/data-table';
import { PagedTable, type PagedQuery } from '@/components/ui/paged-table';
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
  query: PagedQuery<HistoryRow>;
  page: { page: number; pageSize: number; setPage: (page: number) => void };
}

/** One history list with its states (spinner, NO DATA, error) and paging. */
export function HistoryTable({ label, noun, query, page }: HistoryTableProps) {
  return (
    <PagedTable
      label={label}
      columns={COLUMNS}
      rowKey={(r) => r._id}
      query={query}
      errorText={`Could not load your ${noun}. Try again later.`}
      page={page.page}
      pageSize={page.pageSize}
      onPageChange={page.setPage}
    />
  );
}
