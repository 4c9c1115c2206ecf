import { describe, expect, it } from 'vitest';
import { BinanceError } from './errors.js';
import { BinanceParams } from './params.js';

const codeOf = (read: () => unknown): number | undefined => {
  try {
    read();
  } catch (err) {
    if (err instanceof BinanceError) return err.code;
  }
  return undefined;
};

describe('BinanceParams', () => {
  it('refuses a parameter given twice with different values (-1101), not with the same', () => {
    expect(codeOf(() => BinanceParams.of('price=6&', 'price=60000'))).toBe(-1101);
    expect(codeOf(() => BinanceParams.of('price=6&price=7', ''))).toBe(-1101);
    expect(BinanceParams.of('price=6', 'price=6').optional('price')).toBe('6');
  });

  it('reads times from 0 to the end of the year 9999, refusing the rest with -1100', () => {
    const time = (value: string) => BinanceParams.of(`t=${value}`, '').time('t');
    expect(time('0')).toBe(0);
    expect(time('253402300799999')).toBe(253402300799999);
    for (const bad of ['253402300800000', '8640000000000001', '9999999999999999', '-1', '1.5'])
      expect(codeOf(() => time(bad))).toBe(-1100);
  });

  it('refuses an integer past 2^53 - 1 with -1100', () => {
    expect(BinanceParams.of('n=9007199254740991', '').integer('n')).toBe(9007199254740991);
    expect(codeOf(() => BinanceParams.of('n=9007199254740993', '').integer('n'))).toBe(-1100);
  });
});
