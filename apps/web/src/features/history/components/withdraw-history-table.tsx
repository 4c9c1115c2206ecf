import { useGetWithdrawHistoryQuery } from '../api/get-history';
import { useHistoryPage } from '../hooks/use-history-page';
import { HistoryTable, withdrawColumns } from './history-table';

/** /withdraw-history: the user's withdrawals with their status, newest first, 20 a page. */
export function WithdrawHistoryTable() {
  const page = useHistoryPage('withdrawHistory');
  const query = useGetWithdrawHistoryQuery(page.args, { refetchOnMountOrArgChange: true });
  return <HistoryTable kind="withdrawals" columns={withdrawColumns} query={query} page={page} />;
}
