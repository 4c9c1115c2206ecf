import type { ScheduleVda as Report, VdaCoinTotal, VdaLine } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatCoinAmount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadScheduleVdaCsv, downloadScheduleVdaPdf } from '../api/download-csv';
import { useGetScheduleVdaQuery } from '../api/tax-api';
import { formatInr } from './tax-format';
import styles from './tax.module.css';

/** "2027-04-10" as the return writes it: "10/04/2027". */
const itrDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

const lineColumns = (t: TFunction<'tax'>): Column<VdaLine>[] => [
  { key: 'sl', header: t('vda.slNo'), cell: (l) => l.sl_no },
  { key: 'coin', header: t('statement.coin'), role: 'title', cell: (l) => l.coin },
  { key: 'qty', header: t('vda.quantity'), cell: (l) => formatCoinAmount(l.quantity, l.coin) },
  {
    key: 'acquired',
    header: t('vda.acquired'),
    cell: (l) => (l.acquired_on === null ? t('vda.notOnRecord') : itrDate(l.acquired_on)),
  },
  { key: 'transferred', header: t('vda.transferred'), cell: (l) => itrDate(l.transferred_on) },
  {
    key: 'cost',
    header: t('vda.cost'),
    align: 'right',
    cell: (l) => (l.cost_known ? formatInr(l.cost) : `${formatInr(l.cost)} (${t('vda.noCost')})`),
  },
  {
    key: 'consideration',
    header: t('vda.consideration'),
    align: 'right',
    cell: (l) => formatInr(l.consideration),
  },
  { key: 'income', header: t('vda.income'), align: 'right', cell: (l) => formatInr(l.income) },
  { key: 'tds', header: 'TDS', align: 'right', cell: (l) => formatInr(l.tds) },
  {
    key: 'rate',
    header: 'USDT/INR',
    cell: (l) => (l.usdt_inr_rate ? formatInr(l.usdt_inr_rate) : '—'),
  },
];

const coinColumns = (t: TFunction<'tax'>): Column<VdaCoinTotal>[] => [
  { key: 'coin', header: t('statement.coin'), role: 'title', cell: (c) => c.coin },
  { key: 'lines', header: t('vda.lines'), cell: (c) => c.lines },
  { key: 'cost', header: t('vda.cost'), align: 'right', cell: (c) => formatInr(c.cost) },
  {
    key: 'consideration',
    header: t('vda.consideration'),
    align: 'right',
    cell: (c) => formatInr(c.consideration),
  },
  { key: 'gains', header: t('vda.gains'), align: 'right', cell: (c) => formatInr(c.gains) },
  { key: 'losses', header: t('vda.losses'), align: 'right', cell: (c) => formatInr(c.losses) },
  { key: 'tds', header: 'TDS', align: 'right', cell: (c) => formatInr(c.tds) },
];

function Totals({ report }: { report: Report }) {
  const { t } = useTranslation('tax');
  const facts: [string, string, string][] = [
    [t('vda.taxable'), report.totals.income, 'vda-income'],
    [t('vda.lossesNotSetOff'), report.totals.losses, 'vda-losses'],
    [t('vda.consideration'), report.totals.consideration, 'vda-consideration'],
    [t('vda.cost'), report.totals.cost, 'vda-cost'],
    [t('vda.tdsTotal'), report.totals.tds, 'vda-tds'],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{formatInr(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The year's Schedule VDA for the income-tax return: each transfer of a coin matched first in,
 * first out with the coins it came from, per coin and for the year, with its CSV (the ITR
 * utility's columns) and the PDF summary.
 */
export function ScheduleVda({ financialYear }: { financialYear: string }) {
  const { t } = useTranslation('tax');
  const query = useGetScheduleVdaQuery(financialYear, { refetchOnMountOrArgChange: true });
  const [busy, setBusy] = useState(false);
  const report = query.currentData;
  const download = async (get: (year: string) => Promise<void>) => {
    setBusy(true);
    try {
      await get(financialYear);
    } catch {
      toast.error(t('csvFailed'));
    } finally {
      setBusy(false);
    }
  };
  const error = query.isError ? <span role="alert">{t('vda.loadFailed')}</span> : undefined;
  return (
    <section className={styles.report} aria-labelledby="vda-title" data-testid="schedule-vda">
      <h2 id="vda-title" className={styles.heading}>
        {t('vda.title', { year: financialYear })}
      </h2>
      <p className={styles.caption}>{t('vda.method')}</p>
      {report && <Totals report={report} />}
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          busy={busy}
          disabled={busy || !report}
          onClick={() => void download(downloadScheduleVdaCsv)}
        >
          {t('vda.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          busy={busy}
          disabled={busy || !report}
          onClick={() => void download(downloadScheduleVdaPdf)}
        >
          {t('vda.downloadPdf')}
        </Button>
      </div>
      {/* Loading, an error or no transfers: the lines' table says so, once. */}
      {report && report.coins.length > 0 && (
        <DataTable
          label={t('vda.perCoin')}
          columns={coinColumns(t)}
          rows={report.coins}
          rowKey={(c) => c.coin}
        />
      )}
      <DataTable
        label={t('vda.linesLabel')}
        columns={lineColumns(t)}
        rows={report?.lines ?? []}
        rowKey={(l) => String(l.sl_no)}
        isLoading={query.isFetching && !report}
        error={error}
        emptyText={t('vda.empty')}
        rowTestId="vda-line"
      />
      <p className={styles.caption}>{t('vda.notes')}</p>
    </section>
  );
}
