import type { DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import { type Column } from '@/components/ui/data-table';
import { PagedTable, type PagedQuery } from '@/components/ui/paged-table';
import { formatDateTime } from '@/lib/format';
import { Amount, networkName, StatusCell, TxHash } from './history-cells';

type HistoryRow = DepositRecordDto | WithdrawalRecordDto;

const network: Column<HistoryRow> = {
  key: 'network',
  header: 'Network',
  cell: (r) => networkName(r.network),
};
const amount: Column<HistoryRow> = {
  key: 'amount',
  header: 'Amount',
  cell: (r) => <Amount amount={r.amount} coin={r.token.symbol} />,
};
const hash: Column<HistoryRow> = {
  key: 'hash',
  header: 'Transaction Hash',
  cell: (r) => <TxHash hash={r.tx_hash} />,
};
const status: Column<HistoryRow> = {
  key: 'status',
  header: 'Status',
  cell: (r) => <StatusCell status={r.status} reason={r.reason} />,
};
const time: Column<HistoryRow> = {
  key: 'time',
  header: 'Time',
  cell: (r) => formatDateTime(r.updated_at),
};

/** Deposit History: network, amount in its coin, transaction hash ("-" if none), status, time. */
export const DEPOSIT_COLUMNS: Column<DepositRecordDto>[] = [network, amount, hash, status, time];

/** Withdraw History adds where the coins go (walk-3 D18). */
export const WITHDRAW_COLUMNS: Column<WithdrawalRecordDto>[] = [
  network,
  amount,
  { key: 'address', header: 'To Address', cell: (r) => <TxHash hash={r.address} /> },
  hash,
  status,
  time,
];

interface HistoryTableProps<Row extends HistoryRow> {
  label: string;
  /** What the rows are, for the error text ("deposits"). */
  noun: string;
  columns: Column<Row>[];
  query: PagedQuery<Row>;
  page: { page: number; pageSize: number; setPage: (page: number) => void };
}

/** One history list with its states (spinner, NO DATA, error) and paging. */
export function HistoryTable<Row extends HistoryRow>(props: HistoryTableProps<Row>) {
  const { label, noun, columns, query, page } = props;
  return (
    <PagedTable
      label={label}
      columns={columns}
      rowKey={(r) => r._id}
      query={query}
      errorText={`Could not load your ${noun}. Try again later.`}
      page={page.page}
      pageSize={page.pageSize}
      onPageChange={page.setPage}
    />
  );
}
