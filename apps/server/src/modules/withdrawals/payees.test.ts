import { describe, expect, it } from 'vitest';
import { payeeName } from './payees.js';

describe('payeeName (W4-14)', () => {
  it('names the bank by its IFSC and shows only the last four digits of the account', () => {
    expect(payeeName({ ifsc: 'HDFC0001234', account_number: '50100123456789' })).toBe(
      'HDFC Bank XXXX6789',
    );
  });
});
