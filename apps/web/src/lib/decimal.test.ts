import { describe, expect, it } from 'vitest';
import {
  compareDec,
  divDec,
  floorToStep,
  formatDec,
  isMultipleOf,
  mulDec,
  parseDec,
  toFixedDown,
} from './decimal';

const d = (s: string) => {
  const v = parseDec(s);
  if (!v) throw new Error(s);
  return v;
};

describe('decimal', () => {
  it('parses plain decimals and refuses the rest', () => {
    expect(parseDec('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDec('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDec('abc')).toBeNull();
    expect(parseDec('')).toBeNull();
    expect(parseDec('1e5')).toBeNull();
  });

  it('multiplies and divides exactly, truncating the quotient', () => {
    expect(formatDec(mulDec(d('0.1'), d('0.2')))).toBe('0.02');
    expect(formatDec(divDec(d('100'), d('3'), 6))).toBe('33.333333');
    expect(formatDec(divDec(d('1000.5'), d('64000.01'), 8))).toBe('0.01563281');
  });

  it('rounds down to a step and checks multiples', () => {
    expect(formatDec(floorToStep(d('0.0156328'), d('0.00001')))).toBe('0.01563');
    expect(isMultipleOf(d('0.01563'), d('0.00001'))).toBe(true);
    expect(isMultipleOf(d('0.015631'), d('0.00001'))).toBe(false);
  });

  it('compares across scales and prints fixed places', () => {
    expect(compareDec(d('1.10'), d('1.1'))).toBe(0);
    expect(compareDec(d('2'), d('10.5'))).toBe(-1);
    expect(toFixedDown(d('1234.5678'), 2)).toBe('1234.56');
    expect(toFixedDown(d('5'), 2)).toBe('5.00');
  });
});
