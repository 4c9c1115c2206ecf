import { gstStateName } from '@exchange/contracts';
import { renderPdf, type PdfLine } from '../../lib/pdf.js';
import { gstRupees as rupees, type GstInvoice } from './gst-service.js';
import { istDate } from './vda-service.js';

const COLUMNS = [0, 150, 230, 300, 370, 440] as const;

function row(cells: readonly string[], bold = false): PdfLine[] {
  return cells.map((text, i) => ({ text, x: COLUMNS[i], bold, sameRow: i > 0, size: 9 }));
}

const stateText = (code: string) => `${gstStateName(code) ?? '?'} (${code})`;
const dmy = (at: Date) => istDate(at).split('-').reverse().join('/');

/**
 * A month's tax invoice (section 31 of the CGST Act, rule 46): supplier and GSTIN, number and
 * date, the recipient (unregistered) and place of supply, the service, taxable value and tax per
 * place of supply. Text is ASCII (the PDF writer's fonts), so the invoice is in English.
 */
export function gstInvoicePdf(invoice: GstInvoice, holder: { name: string; email: string }) {
  const half = `${Number(invoice.rate) / 2}%`;
  const t = invoice.totals;
  const lines: PdfLine[] = [
    { text: 'TAX INVOICE', bold: true, size: 16 },
    { text: `Supplier GSTIN: ${invoice.supplier.gstin}` },
    { text: `Supplier state: ${stateText(invoice.supplier.state)}` },
    { text: `Invoice number: ${invoice.number}`, bold: true },
    { text: `Invoice date: ${dmy(invoice.issuedAt)}    Period: ${invoice.month} (IST)` },
    { text: '' },
    { text: `Recipient: ${holder.name} <${holder.email}> (unregistered)` },
    {
      text: `Place of supply: ${invoice.lines.map((l) => stateText(l.placeOfSupply)).join(', ')}`,
    },
    { text: 'Service: trading fees on crypto spot trades (SAC 9971), fees as charged incl. GST.' },
    { text: '' },
    ...row(
      [
        'Place of supply',
        'Taxable',
        `CGST ${half}`,
        `SGST ${half}`,
        `IGST ${invoice.rate}%`,
        'Total',
      ],
      true,
    ),
    ...invoice.lines.flatMap((l) =>
      row([
        stateText(l.placeOfSupply),
        rupees(l.taxable),
        rupees(l.cgst),
        rupees(l.sgst),
        rupees(l.igst),
        rupees(l.taxable + l.cgst + l.sgst + l.igst),
      ]),
    ),
    ...row(
      ['Total', rupees(t.taxable), rupees(t.cgst), rupees(t.sgst), rupees(t.igst), rupees(t.total)],
      true,
    ),
    { text: '' },
    { text: `Total tax: Rs. ${rupees(t.cgst + t.sgst + t.igst)}`, bold: true },
    { text: 'Amounts in Rs. A fee in a coin is valued at the fill: at its price in USDT and the' },
    { text: 'USDT/INR rate of its TDS deduction. Reverse charge: no.' },
  ];
  return renderPdf(lines);
}
