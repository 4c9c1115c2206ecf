import { describe, expect, it } from 'vitest';
import type { BankAccountRow } from '../bank-accounts/service.js';
import { ownAccountOf, remitterBankOf } from './remitter.js';

const at = new Date('2026-11-29T00:00:00Z');
const account = (over: Partial<BankAccountRow> = {}): BankAccountRow => ({
  id: 'a1',
  user_id: 'u1',
  holder_name: 'Amit Verma',
  account_number: '123456784321',
  ifsc: 'SBIN0001234',
  upi_id: null,
  status: 'verified',
  proof_file_id: null,
  reason: null,
  reviewed_by: 'admin',
  reviewed_at: at,
  created_at: at,
  updated_at: at,
  bank_name: 'AMIT VERMA',
  validation_status: 'active',
  validation_ref: 'fav_1',
  validated_at: at,
  upi_name: null,
  ...over,
});
const credit = (over: Partial<Parameters<typeof ownAccountOf>[1]> = {}) => ({
  remitterName: 'AMIT VERMA',
  remitterAccount: null,
  remitterIfsc: null,
  remitterVpa: null,
  narration: '',
  ...over,
});

describe('ownAccountOf (a credit from the claimant’s own verified account, review N4-H1)', () => {
  const mine = account();

  it('takes a full account number at its bank, paid by the bank’s holder name', () => {
    const own = credit({ remitterAccount: '123456784321', remitterIfsc: 'SBIN0009999' });
    expect(ownAccountOf([mine], own)).toBe(mine);
    expect(ownAccountOf([mine], { ...own, remitterName: 'SUNITA DEVI' })).toBeNull();
    expect(ownAccountOf([mine], { ...own, remitterIfsc: 'PUNB0001234' })).toBeNull();
    expect(ownAccountOf([mine], { ...own, remitterIfsc: null })).toBeNull();
  });

  it('takes an IMPS masked number only with the holder’s name and the same bank', () => {
    const imps = (name: string, bank: string) =>
      credit({
        remitterName: name,
        remitterAccount: 'XXXXXXXX4321',
        narration: `IMPS-412345678901-${name}-${bank}-XXXXXXXX4321-gift`,
      });
    expect(ownAccountOf([mine], imps('AMIT VERMA', 'SBIN'))).toBe(mine);
    expect(ownAccountOf([mine], imps('AMIT VERMA', 'STATE BANK OF INDIA'))).toBe(mine);
    // Review (b): a PNB account with the same last four digits, paid by someone else.
    expect(ownAccountOf([mine], imps('SUNITA DEVI', 'PUNB'))).toBeNull();
    expect(ownAccountOf([mine], imps('AMIT VERMA', 'PUNB'))).toBeNull();
    expect(ownAccountOf([mine], imps('SUNITA DEVI', 'SBIN'))).toBeNull();
  });

  it('never takes the name the user typed: the bank’s name decides', () => {
    const typed = account({ holder_name: 'Amit Verma Sunita Devi', bank_name: 'AMIT VERMA' });
    const line = credit({ remitterName: 'SUNITA DEVI', remitterIfsc: 'SBIN0001234' });
    expect(ownAccountOf([typed], line)).toBeNull();
    const unvalidated = account({ bank_name: null });
    expect(ownAccountOf([unvalidated], credit({ remitterIfsc: 'SBIN0001234' }))).toBeNull();
  });

  it('takes a UPI ID only once its PSP verified it, and only from the holder', () => {
    const vpa = 'amit.v@okaxis';
    const typed = account({ upi_id: vpa });
    const verified = account({ upi_id: vpa, upi_name: 'Amit Verma' });
    // Review (a): a UPI ID typed by the user (a victim's), paid by its real holder.
    const victim = credit({
      remitterName: 'SUNITA DEVI',
      remitterVpa: vpa,
      remitterIfsc: 'ICIC0000001',
    });
    expect(ownAccountOf([typed], victim)).toBeNull();
    expect(ownAccountOf([verified], victim)).toBeNull();
    const own = credit({ remitterVpa: vpa, remitterIfsc: 'UTIB0000001' });
    expect(ownAccountOf([typed], own)).toBeNull();
    expect(ownAccountOf([verified], own)).toBe(verified);
  });

  it('takes NEFT (no account number) only at the account’s IFSC, from the holder', () => {
    const neft = credit({ remitterIfsc: 'SBIN0001234' });
    expect(ownAccountOf([mine], neft)).toBe(mine);
    expect(ownAccountOf([mine], { ...neft, remitterIfsc: 'SBIN0005678' })).toBeNull();
    expect(ownAccountOf([mine], { ...neft, remitterName: 'AMIT VERMA SUNITA DEVI' })).toBeNull();
    expect(ownAccountOf([mine], { ...neft, remitterName: '' })).toBeNull();
  });

  it('reads the bank from the IFSC or from an HDFC IMPS narration', () => {
    expect(remitterBankOf(credit({ remitterIfsc: 'hdfc0001234' }))).toBe('HDFC');
    expect(remitterBankOf(credit({ narration: 'IMPS-412345678901-X-PUNB-XXXX4321-gift' }))).toBe(
      'PUNB',
    );
    expect(remitterBankOf(credit({ narration: 'UPI-X-x@okaxis' }))).toBeNull();
  });
});
