import { describe, expect, it } from 'vitest';
import { PAISA } from '../../core/paise.js';
import {
  financialYearOfMonth,
  gstLines,
  invoiceNumber,
  istMonthBounds,
  istMonthOf,
  stateAt,
  type GstFeeRow,
} from './gst-rules.js';

const rupees = (paise: number) => BigInt(paise) * PAISA;
const at = (iso: string) => new Date(iso);

describe('stateAt', () => {
  const timeline = [
    { stateCode: '29', since: at('2027-04-01T00:00:00Z') },
    { stateCode: '27', since: at('2027-06-01T00:00:00Z') },
  ];
  it('is the latest change at or before the time, none before the first', () => {
    expect(stateAt(timeline, at('2027-03-31T00:00:00Z'))).toBeNull();
    expect(stateAt(timeline, at('2027-04-01T00:00:00Z'))).toBe('29');
    expect(stateAt(timeline, at('2027-07-01T00:00:00Z'))).toBe('27');
  });
});

describe('gstLines', () => {
  const row = (userId: string, time: string, fee: number, gst: number): GstFeeRow => ({
    userId,
    time: at(time),
    feeInr: rupees(fee),
    gstInr: rupees(gst),
  });
  const timelines = new Map([
    ['local', [{ stateCode: '29', since: at('2027-01-01T00:00:00Z') }]],
    ['away', [{ stateCode: '27', since: at('2027-01-01T00:00:00Z') }]],
  ]);

  it('splits within the state into CGST and SGST (odd paisa to CGST), elsewhere IGST', () => {
    const lines = gstLines(
      [
        row('local', '2027-05-02T00:00:00Z', 400, 62),
        row('local', '2027-05-03T00:00:00Z', 101, 16),
        row('away', '2027-05-03T00:00:00Z', 400, 62),
        row('nobody', '2027-05-03T00:00:00Z', 118, 18),
      ],
      timelines,
      '29',
    );
    expect(lines).toEqual([
      { placeOfSupply: '27', taxable: rupees(338), cgst: 0n, sgst: 0n, igst: rupees(62) },
      // Local and no state on record: 619 paise of fees, 96 of GST, halves of 48.
      { placeOfSupply: '29', taxable: rupees(523), cgst: rupees(48), sgst: rupees(48), igst: 0n },
    ]);
    const odd = gstLines([row('local', '2027-05-02T00:00:00Z', 100, 15)], timelines, '29');
    expect(odd).toEqual([
      { placeOfSupply: '29', taxable: rupees(85), cgst: rupees(8), sgst: rupees(7), igst: 0n },
    ]);
  });

  it('adds every row once: taxable + tax is exactly the fees', () => {
    const rows = [row('away', '2027-05-02T00:00:00Z', 999, 153), row('local', '2027-05-02Z', 7, 2)];
    const lines = gstLines(rows, timelines, '29');
    const total = lines.reduce((s, l) => s + l.taxable + l.cgst + l.sgst + l.igst, 0n);
    expect(total).toBe(rupees(1006));
  });
});

describe('months and numbers', () => {
  it('bounds an IST month and finds the month of an instant', () => {
    expect(istMonthBounds('2027-12')).toEqual({
      start: at('2027-11-30T18:30:00Z'),
      end: at('2027-12-31T18:30:00Z'),
    });
    expect(istMonthOf(at('2027-04-30T18:29:59Z'))).toBe('2027-04');
    expect(istMonthOf(at('2027-04-30T18:30:00Z'))).toBe('2027-05');
  });

  it('numbers invoices per financial year', () => {
    expect(financialYearOfMonth('2027-04')).toBe('2027-28');
    expect(financialYearOfMonth('2028-03')).toBe('2027-28');
    expect(financialYearOfMonth('2099-12')).toBe('2099-00');
    expect(invoiceNumber('2027-28', 42)).toBe('2027-28/000042');
  });
});
