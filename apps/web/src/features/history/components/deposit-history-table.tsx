import { useGetDepositHistoryQuery } from '../api/get-history';
import { useHistoryPage } from '../hooks/use-history-page';
import { depositColumns, HistoryTable } from './history-table';

/** /deposit-history: the user's deposits, newest first, 20 a page. */
export function DepositHistoryTable() {
  const page = useHistoryPage('depositHistory');
  const query = useGetDepositHistoryQuery(page.args, { refetchOnMountOrArgChange: true });
  return <HistoryTable kind="deposits" columns={depositColumns} query={query} page={page} />;
}
