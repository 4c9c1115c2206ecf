import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import type { QueueArgs } from '../api/reviews-api';
import { QueueFilters } from './queue-filters';

interface QueueViewProps {
  statuses: readonly string[];
  searchHint: string;
  queue: {
    args: QueueArgs;
    setStatus: (status: string) => void;
    setSearch: (search: string) => void;
    setPage: (page: number) => void;
  };
  total: number;
  children: ReactNode;
}

/** A review queue's frame: filters above, the list, paging below. */
export function QueueView({ statuses, searchHint, queue, total, children }: QueueViewProps) {
  return (
    <>
      <QueueFilters
        statuses={statuses}
        status={queue.args.status}
        onStatus={queue.setStatus}
        searchHint={searchHint}
        onSearch={queue.setSearch}
      />
      {children}
      <Pagination
        page={queue.args.page}
        pageSize={queue.args.page_size}
        total={total}
        onChange={queue.setPage}
      />
    </>
  );
}
