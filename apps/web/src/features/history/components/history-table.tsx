import type { DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column } from '@/components/ui/data-table';
import { PagedTable, type PagedQuery } from '@/components/ui/paged-table';
import { formatDateTime } from '@/lib/format';
import { CancelWithdrawalButton } from './cancel-withdrawal-button';
import { Amount, NetworkName, StatusCell, TransferReference, TxHash } from './history-cells';

type HistoryRow = DepositRecordDto | WithdrawalRecordDto;

/** The columns both lists share, as named in the app's language. */
const shared = (t: TFunction<'history'>) => {
  const column = (
    key: 'network' | 'amount' | 'hash' | 'status' | 'time',
    cell: Column<HistoryRow>['cell'],
  ): Column<HistoryRow> => ({ key, header: t(`columns.${key}`), cell });
  return {
    network: column('network', (r) => <NetworkName network={r.network} />),
    amount: column('amount', (r) => <Amount amount={r.amount} coin={r.token.symbol} />),
    hash: column('hash', (r) => <TransferReference hash={r.tx_hash} network={r.network} />),
    status: column('status', (r) => (
      <StatusCell status={r.status} reason={r.reason} network={r.network} />
    )),
    // When it was asked for, the order the rows are in (walk-3 D8), not its last change.
    time: column('time', (r) => formatDateTime(r.created_at)),
  };
};

/** Deposit History: network, amount in its coin, transaction hash ("-" if none), status, time. */
export const depositColumns = (t: TFunction<'history'>): Column<DepositRecordDto>[] => {
  const { network, amount, hash, status, time } = shared(t);
  return [network, amount, hash, status, time];
};

/** Withdraw History adds where the coins go (walk-3 D18) and, while pending, a Cancel button. */
export const withdrawColumns = (t: TFunction<'history'>): Column<WithdrawalRecordDto>[] => {
  const { network, amount, hash, status, time } = shared(t);
  return [
    network,
    amount,
    {
      key: 'address',
      header: t('columns.address'),
      // A rupee payout's bank and masked account (W4-14), not the account's id.
      cell: (r) => r.payee ?? <TxHash hash={r.address} />,
    },
    hash,
    status,
    time,
    {
      key: 'action',
      header: t('columns.action'),
      cell: (r) => (r.status === 'pending' ? <CancelWithdrawalButton withdrawal={r} /> : null),
    },
  ];
};

interface HistoryTableProps<Row extends HistoryRow> {
  /** Which list: names it and its error text. */
  kind: 'deposits' | 'withdrawals';
  columns: (t: TFunction<'history'>) => Column<Row>[];
  query: PagedQuery<Row>;
  page: { page: number; pageSize: number; setPage: (page: number) => void };
}

/** One history list with its states (spinner, NO DATA, error) and paging. */
export function HistoryTable<Row extends HistoryRow>(props: HistoryTableProps<Row>) {
  const { kind, columns, query, page } = props;
  const { t } = useTranslation('history');
  return (
    <PagedTable
      label={kind === 'deposits' ? t('common:nav.depositHistory') : t('common:nav.withdrawHistory')}
      columns={columns(t)}
      rowKey={(r) => r._id}
      query={query}
      errorText={kind === 'deposits' ? t('loadFailed.deposits') : t('loadFailed.withdrawals')}
      page={page.page}
      pageSize={page.pageSize}
      onPageChange={page.setPage}
    />
  );
}
