import { describe, expect, it } from 'vitest';
import { readValidationFile } from './validation-file.js';

const HEADER = 'account_number,ifsc,vpa,registered_name,account_status,reference';

describe('readValidationFile (the bank’s penny-drop and UPI ID lookup results)', () => {
  it('reads accounts and UPI IDs, with the name the bank returned', () => {
    const rows = readValidationFile(
      [
        HEADER,
        '50100123456789,hdfc0001234,,RAHUL  SHARMA,active,fav_00000000000001',
        '123456784321,SBIN0001234,,,invalid,fav_00000000000002',
        ',,Rahul.S@okhdfcbank,Rahul Sharma,ACTIVE,fav_00000000000003',
        '60100123456789,HDFC0001234,,,failed,fav_00000000000004',
        '',
      ].join('\n'),
    );
    expect(rows).toEqual([
      {
        lineNo: 2,
        kind: 'account',
        accountNumber: '50100123456789',
        ifsc: 'HDFC0001234',
        registeredName: 'RAHUL SHARMA',
        status: 'active',
        reference: 'fav_00000000000001',
      },
      expect.objectContaining({
        lineNo: 3,
        kind: 'account',
        status: 'invalid',
        registeredName: '',
      }),
      expect.objectContaining({
        lineNo: 4,
        kind: 'vpa',
        vpa: 'rahul.s@okhdfcbank',
        status: 'active',
      }),
      expect.objectContaining({ lineNo: 5, kind: 'account', status: 'failed' }),
    ]);
  });

  it.each([
    ['no header', '50100123456789,HDFC0001234,,X,active,r', /first line must be/],
    [
      'an account and a UPI ID on one row',
      `${HEADER}\n50100123456789,HDFC0001234,a@okaxis,X,active,r`,
      /Line 2/,
    ],
    ['a bad IFSC', `${HEADER}\n50100123456789,HDFC1234,,X,active,r`, /Line 2/],
    ['an unknown status', `${HEADER}\n50100123456789,HDFC0001234,,X,verified,r`, /Line 2/],
    ['an active row without a name', `${HEADER}\n50100123456789,HDFC0001234,,,active,r`, /Line 2/],
    ['no reference', `${HEADER}\n50100123456789,HDFC0001234,,X,active,`, /Line 2/],
  ])('refuses the whole file for %s', (_, content, message) => {
    expect(() => readValidationFile(content)).toThrow(message);
  });
});
