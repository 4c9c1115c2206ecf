import { describe, expect, it } from 'vitest';
import { ledgerOne } from '../money.js';
import { PAISA } from '../paise.js';
import { gstIncluded, isIntraState, splitGst } from './gst.js';

const rate = 18n * 10n ** 16n;

describe('gstIncluded', () => {
  it('takes 18/118 of the fee, rounded up, so the taxable value is the fee / 1.18 rounded down', () => {
    expect(gstIncluded(118n, rate)).toBe(18n);
    // 100 / 1.18 = 84.74…: taxable 84, GST 16.
    expect(gstIncluded(100n, rate)).toBe(16n);
    expect(gstIncluded(1n, rate)).toBe(1n);
    expect(gstIncluded(0n, rate)).toBe(0n);
    expect(gstIncluded(1_000n, 0n)).toBe(0n);
  });

  it('leaves taxable + GST equal to the fee and the GST within one unit of the exact share', () => {
    for (const fee of [1n, 2n, 7n, 99n, 12_345n, 10n ** 15n + 3n, 17n * ledgerOne]) {
      const gst = gstIncluded(fee, rate);
      const taxable = fee - gst;
      // taxable × 1.18 ≤ fee < (taxable + 1) × 1.18
      expect(taxable * (ledgerOne + rate) <= fee * ledgerOne).toBe(true);
      expect((taxable + 1n) * (ledgerOne + rate) > fee * ledgerOne).toBe(true);
    }
  });

  it('keeps a rupee fee in whole paise', () => {
    // A ₹1.00 fee: taxable ₹0.84, GST ₹0.16.
    const gst = gstIncluded(100n * PAISA, rate, PAISA);
    expect(gst).toBe(16n * PAISA);
    expect(gstIncluded(3n * PAISA, rate, PAISA)).toBe(PAISA);
  });
});

describe('splitGst', () => {
  it('halves GST within the state, an odd unit to CGST', () => {
    expect(splitGst(118n, 18n, true)).toEqual({ taxable: 100n, cgst: 9n, sgst: 9n, igst: 0n });
    expect(splitGst(100n, 17n, true)).toEqual({ taxable: 83n, cgst: 9n, sgst: 8n, igst: 0n });
    expect(splitGst(6n * PAISA, 1n * PAISA, true, PAISA)).toEqual({
      taxable: 5n * PAISA,
      cgst: PAISA,
      sgst: 0n,
      igst: 0n,
    });
  });

  it('is all IGST across states', () => {
    expect(splitGst(118n, 18n, false)).toEqual({ taxable: 100n, cgst: 0n, sgst: 0n, igst: 18n });
  });

  it('takes the exchange state as the place of supply when the user has none on record', () => {
    expect(isIntraState('29', null)).toBe(true);
    expect(isIntraState('29', '29')).toBe(true);
    expect(isIntraState('29', '27')).toBe(false);
  });
});
