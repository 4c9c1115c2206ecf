import type { ScheduleVda } from '@exchange/contracts';
import { toCsv } from '../../lib/csv.js';
import { renderPdf, type PdfLine } from '../../lib/pdf.js';

/**
 * The columns of Schedule VDA in the ITR utility (ITR-2 and ITR-3), in its order, then what the
 * user needs to check each line. Rupees to the paisa, dates DD/MM/YYYY as the utility takes them.
 */
export const VDA_COLUMNS = [
  'Sl. No.',
  'Date of acquisition',
  'Date of transfer',
  'Head under which income to be taxed',
  'Cost of acquisition',
  'Consideration received',
  'Income from transfer of VDA (nil in case of loss)',
  'Loss (not set off)',
  'Coin',
  'Quantity',
  'Cost on record',
  'USDT/INR at the fill',
  'TDS u/s 194S (INR)',
  'Trade',
] as const;

/** "2026-04-05" as "05/04/2026". */
const itrDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
const isLoss = (rupees: string) => rupees.startsWith('-');

/** The report's lines as the CSV the user copies into the return. */
export function scheduleVdaCsv(report: ScheduleVda): string {
  return toCsv(
    VDA_COLUMNS,
    report.lines.map((l) => [
      l.sl_no,
      l.acquired_on === null ? 'Not on record' : itrDate(l.acquired_on),
      itrDate(l.transferred_on),
      l.head,
      l.cost,
      l.consideration,
      isLoss(l.income) ? '0.00' : l.income,
      isLoss(l.income) ? l.income.slice(1) : '0.00',
      l.coin,
      l.quantity,
      l.cost_known ? 'yes' : 'no: deposited, or before the records',
      l.usdt_inr_rate ?? '',
      l.tds,
      l.trade,
    ]),
  );
}

const COLUMNS = [0, 50, 110, 190, 270, 340, 410] as const;

/** A row of the summary's table, one cell a column. */
function row(cells: readonly string[], bold = false): PdfLine[] {
  return cells.map((text, i) => ({ text, x: COLUMNS[i], bold, sameRow: i > 0, size: 9 }));
}

/** The one-page summary (more pages for many coins): per coin and for the year. */
export function scheduleVdaPdf(report: ScheduleVda, holder: { name: string; email: string }) {
  const fy = report.financial_year;
  const ay = `${Number(fy.slice(0, 4)) + 1}-${String((Number(fy.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;
  const t = report.totals;
  const lines: PdfLine[] = [
    {
      text: `Schedule VDA summary, financial year ${fy} (assessment year ${ay})`,
      bold: true,
      size: 14,
    },
    { text: `${holder.name} <${holder.email}>` },
    { text: `Cost method: ${report.method} (first in, first out). Head: Capital Gain.` },
    { text: 'Amounts in Rs., exact to the paisa. Section 115BBH: 30% on the income below.' },
    { text: '' },
    ...row(['Coin', 'Transfers', 'Cost', 'Consideration', 'Gains', 'Losses', 'TDS'], true),
    ...report.coins.flatMap((c) =>
      row([c.coin, String(c.lines), c.cost, c.consideration, c.gains, c.losses, c.tds]),
    ),
    ...row(
      ['All', String(report.lines.length), t.cost, t.consideration, t.income, t.losses, t.tds],
      true,
    ),
    { text: '' },
    { text: `Income from transfer of VDA (gains only): Rs. ${t.income}`, bold: true },
    { text: `Losses, shown but not set off against any income: Rs. ${t.losses}` },
    { text: `TDS under section 194S deducted on these transfers: Rs. ${t.tds}` },
    { text: '' },
    {
      text: "Consideration is the fill's full rupee value, before the fee: no expense is deducted.",
    },
    {
      text: 'A fee taken in the coin bought is part of its cost. USDT pairs use the USDT/INR rate',
    },
    {
      text: 'in force at the fill. Deposited coins have no cost on record: enter your own evidence.',
    },
    { text: 'Every line is in the CSV download, in the columns of the ITR utility.' },
  ];
  return renderPdf(lines);
}
