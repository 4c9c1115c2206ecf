import { useState } from 'react';
import type { QueueArgs } from '../api/reviews-api';

const PAGE_SIZE = 20;

/** A queue's filter (status, pending by default), its search text and page. */
export function useQueueArgs() {
  const [args, setArgs] = useState<QueueArgs>({
    status: 'pending',
    search: '',
    page: 1,
    page_size: PAGE_SIZE,
  });
  return {
    args,
    setStatus: (status: string) => setArgs((a) => ({ ...a, status, page: 1 })),
    setSearch: (search: string) => setArgs((a) => ({ ...a, search, page: 1 })),
    setPage: (page: number) => setArgs((a) => ({ ...a, page })),
  };
}
