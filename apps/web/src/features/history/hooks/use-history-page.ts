import { useDispatch, useSelector } from 'react-redux';
import { depositHistorySlice, withdrawHistorySlice, type HistoryState } from '../history-slices';

const SLICES = { depositHistory: depositHistorySlice, withdrawHistory: withdrawHistorySlice };
type Name = keyof typeof SLICES;

/** The page and filters of a history list: client state in its spec slice. */
export function useHistoryPage(name: Name) {
  const dispatch = useDispatch();
  const state = useSelector((root: Record<Name, HistoryState>) => root[name]);
  const args = { page: state.page, page_size: state.pageSize, filters: state.filters };
  const setPage = (page: number) => dispatch(SLICES[name].actions.pageChanged(page));
  return { ...state, args, setPage };
}
