import type { TdsDeduction } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type Column } from '@/components/ui/data-table';
import { PagedTable } from '@/components/ui/paged-table';
import { formatCoinAmount, formatDateTimeIst, formatPair } from '@/lib/format';
import { useGetTdsDeductionsQuery } from '../api/tax-api';
import { formatInr, formatRate } from './tax-format';

const PAGE_SIZE = 20;

const columns = (t: TFunction<'tax'>): Column<TdsDeduction>[] => [
  { key: 'time', header: t('deductionsTable.time'), cell: (d) => formatDateTimeIst(d.created_at) },
  {
    key: 'pair',
    header: t('deductionsTable.pair'),
    role: 'title',
    cell: (d) => formatPair(d.symbol),
  },
  {
    key: 'side',
    header: t('deductionsTable.side'),
    cell: (d) => (d.side === 'buy' ? t('deductionsTable.buy') : t('deductionsTable.sell')),
  },
  { key: 'quarter', header: t('quarter'), cell: (d) => t('q', { quarter: d.quarter }) },
  { key: 'received', header: t('received'), cell: (d) => formatCoinAmount(d.received, d.token) },
  { key: 'tds', header: 'TDS', cell: (d) => formatCoinAmount(d.tds, d.token) },
  { key: 'rate', header: t('deductionsTable.rate'), cell: (d) => formatRate(d.rate) },
  { key: 'usdtInr', header: 'USDT/INR', cell: (d) => formatInr(d.usdt_inr_rate) },
  { key: 'inr', header: t('tdsInr'), cell: (d) => formatInr(d.tds_inr), align: 'right' },
];

/** Every deduction of the year, one per side of each fill, newest first, 20 a page. */
export function TdsDeductionsTable({ financialYear }: { financialYear: string }) {
  const { t } = useTranslation('tax');
  const [page, setPage] = useState(1);
  const query = useGetTdsDeductionsQuery(
    { financial_year: financialYear, page, page_size: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <PagedTable
      label={t('deductionsTable.label')}
      columns={columns(t)}
      rowKey={(d) => `${d.symbol}:${d.trade_id}:${d.side}`}
      query={query}
      errorText={t('deductionsTable.loadFailed')}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}
