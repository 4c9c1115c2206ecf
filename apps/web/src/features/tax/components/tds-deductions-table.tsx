import type { TdsDeduction } from '@exchange/contracts';
import { useState } from 'react';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { formatDateTime, formatPair } from '@/lib/format';
import { useGetTdsDeductionsQuery } from '../api/tax-api';
import { formatInr, formatRate } from './tax-format';

const PAGE_SIZE = 20;

const COLUMNS: Column<TdsDeduction>[] = [
  { key: 'time', header: 'Date & Time', cell: (d) => formatDateTime(d.created_at) },
  { key: 'pair', header: 'Pair', role: 'title', cell: (d) => formatPair(d.symbol) },
  { key: 'side', header: 'Side', cell: (d) => (d.side === 'buy' ? 'Buy' : 'Sell') },
  { key: 'quarter', header: 'Quarter', cell: (d) => `Q${d.quarter}` },
  { key: 'received', header: 'Received', cell: (d) => `${d.received} ${d.token}` },
  { key: 'tds', header: 'TDS', cell: (d) => `${d.tds} ${d.token}` },
  { key: 'rate', header: 'Rate', cell: (d) => formatRate(d.rate) },
  { key: 'usdtInr', header: 'USDT/INR', cell: (d) => d.usdt_inr_rate },
  { key: 'inr', header: 'TDS (INR)', cell: (d) => formatInr(d.tds_inr), align: 'right' },
];

/** Every deduction of the year, one per side of each fill, newest first, 20 a page. */
export function TdsDeductionsTable({ financialYear }: { financialYear: string }) {
  const [page, setPage] = useState(1);
  const query = useGetTdsDeductionsQuery(
    { financial_year: financialYear, page, page_size: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <PagedTable
      label="TDS deductions"
      columns={COLUMNS}
      rowKey={(d) => `${d.symbol}:${d.trade_id}:${d.side}`}
      query={query}
      errorText="Could not load your deductions. Try again later."
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}
