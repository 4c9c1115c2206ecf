import { describe, expect, it } from 'vitest';
import { financialYearSchema, istDateTime, taxPeriodBounds, taxPeriodOf } from './tax.js';

describe('India’s financial year and quarters in IST', () => {
  it.each([
    ['2026-03-31T18:29:59.999Z', '2025-26', 4],
    ['2026-03-31T18:30:00.000Z', '2026-27', 1],
    ['2026-06-30T18:29:59.999Z', '2026-27', 1],
    ['2026-06-30T18:30:00.000Z', '2026-27', 2],
    ['2026-09-30T18:30:00.000Z', '2026-27', 3],
    ['2026-12-31T18:29:59.999Z', '2026-27', 3],
    ['2026-12-31T18:30:00.000Z', '2026-27', 4],
    ['2099-12-31T18:30:00.000Z', '2099-00', 4],
  ])('%s is FY %s Q%i', (at, financialYear, quarter) => {
    expect(taxPeriodOf(new Date(at))).toEqual({ financialYear, quarter });
  });

  it('bounds a year and its quarters by midnight IST', () => {
    expect(taxPeriodBounds('2026-27')).toEqual({
      start: new Date('2026-03-31T18:30:00Z'),
      end: new Date('2027-03-31T18:30:00Z'),
    });
    expect(taxPeriodBounds('2025-26', 4)).toEqual({
      start: new Date('2025-12-31T18:30:00Z'),
      end: new Date('2026-03-31T18:30:00Z'),
    });
    expect(taxPeriodBounds('2026-27', 2)).toEqual({
      start: new Date('2026-06-30T18:30:00Z'),
      end: new Date('2026-09-30T18:30:00Z'),
    });
  });

  it('names years like 2026-27 and refuses other forms', () => {
    expect(financialYearSchema.safeParse('2026-27').success).toBe(true);
    expect(financialYearSchema.safeParse('2099-00').success).toBe(true);
    for (const bad of ['2026-28', '2026', '26-27', '2026/27'])
      expect(financialYearSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'Financial year must look like 2026-27',
      );
  });

  it('shows instants in IST', () => {
    expect(istDateTime(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31 23:59:59');
  });
});
