import { describe, expect, it } from 'vitest';
import { normaliseUtr } from './utr.js';

describe('normaliseUtr', () => {
  it('keeps a 12-digit UTR, its leading zero included', () => {
    expect(normaliseUtr('412345678901')).toBe('412345678901');
    expect(normaliseUtr('071312345678')).toBe('071312345678');
  });

  it('drops the zero padding of a reference column down to the 12-digit UTR', () => {
    expect(normaliseUtr('0000412345678901')).toBe('412345678901');
    expect(normaliseUtr('0000071312345678')).toBe('071312345678');
    expect(normaliseUtr('000000000000412345678901')).toBe(normaliseUtr('412345678901'));
  });

  it('upper-cases a NEFT reference and drops spaces', () => {
    expect(normaliseUtr(' hdfcn5202 2112912345 ')).toBe('HDFCN52022112912345');
    expect(normaliseUtr('4123 4567 8901')).toBe('412345678901');
  });

  it('refuses what is not a UTR', () => {
    expect(normaliseUtr('')).toBeNull();
    expect(normaliseUtr('12345678901')).toBeNull();
    expect(normaliseUtr('41234567890-1')).toBeNull();
    expect(normaliseUtr('A'.repeat(23))).toBeNull();
  });
});
