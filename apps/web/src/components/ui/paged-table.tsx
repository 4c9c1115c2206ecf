import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';

/** What a paged list's query hook returns, as far as the table reads it. */
export interface PagedQuery<T> {
  currentData?: { data: T[] };
  data?: { total: number };
  isFetching: boolean;
  isError: boolean;
}

interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'isLoading' | 'error'> {
  query: PagedQuery<T>;
  /** Shown when the page could not be loaded. */
  errorText: string;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/**
 * One page of a paged list in a DataTable, with paging below. The spinner and the error show
 * only while there are no rows for this page's arguments (`currentData`), and paging keeps the
 * last known total while the next page loads.
 */
export function PagedTable<T>({
  query,
  errorText,
  page,
  pageSize,
  onPageChange,
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={query.currentData?.data ?? []}
        isLoading={query.isFetching && !query.currentData}
        error={query.isError && !query.currentData ? errorText : undefined}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        total={query.data?.total ?? 0}
        onChange={onPageChange}
      />
    </>
  );
}
