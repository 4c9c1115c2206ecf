import { describe, expect, it } from 'vitest';
import { amountRefusal, paiseOf, readStatement } from './statement-csv.js';

const rules = { maxLinePaise: 1_00_00_000_00n };
const HEADER =
  'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration';
const HDFC_HEADER =
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';

describe('paiseOf', () => {
  it('reads rupees with grouping and up to 2 decimals', () => {
    expect(paiseOf('1,000.50')).toBe(100050n);
    expect(paiseOf('2,00,000.00')).toBe(20000000n);
    expect(paiseOf('250')).toBe(25000n);
    expect(paiseOf('abc')).toBeNull();
    expect(paiseOf('1.234')).toBeNull();
  });

  it('bounds the whole digits as every amount is (N4-L8), leading zeros aside', () => {
    expect(paiseOf('9'.repeat(24))).toBe(BigInt('9'.repeat(24)) * 100n);
    expect(paiseOf('1'.repeat(25))).toBeNull();
    expect(paiseOf(`1${'0'.repeat(39)}`)).toBeNull();
    expect(paiseOf(`${'0'.repeat(30)}5`)).toBe(500n);
  });
});

describe('amountRefusal', () => {
  it('refuses nothing, a non-amount and a line above the cap', () => {
    expect(amountRefusal('100', rules)).toBeNull();
    expect(amountRefusal('0', rules)).toContain('not a credit amount');
    expect(amountRefusal('1e5', rules)).toContain('not an amount');
    expect(amountRefusal('1,00,00,000.01', rules)).toContain('above one line’s cap');
    expect(amountRefusal('1,00,00,000', rules)).toBeNull();
  });
});

describe('readStatement', () => {
  it('keeps a standard line it cannot credit as unreadable, with its text', () => {
    const lines = readStatement(
      'standard',
      [
        HEADER,
        '27/11/2026,412345678901,100,A,,,,x',
        '27/11/2026,12-34,100,B,,,,y',
        `27/11/2026,412345678902,1${'0'.repeat(39)},C,,,,z`,
        '27/11/2026,0000412345678903,5,D,,,,w',
      ].join('\n'),
      rules,
    );
    expect(lines.map((l) => [l.lineNo, l.utr, l.paise, l.unreadable === null])).toEqual([
      [2, '412345678901', 10000n, true],
      [3, null, 10000n, false],
      [4, '412345678902', null, false],
      [5, '412345678903', 500n, true],
    ]);
    expect(lines[1]?.raw).toBe('27/11/2026,12-34,100,B,,,,y');
    expect(lines[1]?.unreadable).toContain('no UTR');
  });

  it('reads an HDFC file whose UPI line carries a hyphenated VPA, and keeps a bad line (N4-M5)', () => {
    const lines = readStatement(
      'hdfc',
      [
        'HDFC BANK Ltd.,,,,,,',
        HDFC_HEADER,
        '29/11/26,IMPS-412345678901-RAVI KUMAR-HDFC-XXXXXXXX1234-deposit,0000412345678901,29/11/26,,250.00,100000.00',
        '29/11/26,UPI-ANYONE-any-one@okaxis-UTIB0000001-412345678902-hi,0000412345678902,29/11/26,,1.00,100001.00',
        '29/11/26,SOMETHING ODD,,29/11/26,,5.00,100006.00',
        '29/11/26,NEFT DR-SBIN0001234-VENDOR-RENT,N123,29/11/26,"1,000.00",,99006.00',
      ].join('\n'),
      rules,
    );
    expect(lines.map((l) => [l.utr, l.remitterVpa, l.unreadable === null])).toEqual([
      ['412345678901', null, true],
      ['412345678902', 'any-one@okaxis', true],
      [null, null, false],
    ]);
  });

  it('spells one credit’s UTR alike in both layouts (I4-1)', () => {
    const standard = readStatement('standard', `${HEADER}\n1/1/26,0000071312345678,1,A,,,,`, rules);
    const hdfc = readStatement(
      'hdfc',
      `${HDFC_HEADER}\n01/01/26,IMPS-071312345678-A-HDFC-XX1234-x,0000071312345678,01/01/26,,1.00,1`,
      rules,
    );
    expect(standard[0]?.utr).toBe('071312345678');
    expect(hdfc[0]?.utr).toBe('071312345678');
  });

  it('refuses a file without its layout’s header', () => {
    expect(() => readStatement('standard', 'a,b\n1,2', rules)).toThrow(/first line/);
    expect(() => readStatement('hdfc', 'a,b\n1,2', rules)).toThrow(/HDFC/);
  });
});
