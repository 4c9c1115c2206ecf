import { describe, expect, it } from 'vitest';
import { Accounts } from './balances.js';
import { checkPostings, netPostings, UnbalancedError } from './ledger.js';

describe('ledger postings', () => {
  const accounts = new Accounts();
  const buyer = accounts.user('u1', 'usdt', 'spot');
  const seller = accounts.user('u2', 'usdt', 'spot');
  const fees = accounts.system('fees', 'usdt');

  it('nets an order’s hold, fill and release into what actually moved', () => {
    const hold = [
      { account: buyer, bucket: 'available' as const, amount: -100n },
      { account: buyer, bucket: 'locked' as const, amount: 100n },
    ];
    const fill = [
      { account: buyer, bucket: 'locked' as const, amount: -90n },
      { account: seller, bucket: 'available' as const, amount: 89n },
      { account: fees, bucket: 'available' as const, amount: 1n },
    ];
    const release = [
      { account: buyer, bucket: 'locked' as const, amount: -10n },
      { account: buyer, bucket: 'available' as const, amount: 10n },
    ];
    expect(
      netPostings([hold, fill, release]).map((p) => [p.account.id, p.bucket, p.amount]),
    ).toEqual([
      [buyer.id, 'available', -90n],
      [seller.id, 'available', 89n],
      [fees.id, 'available', 1n],
    ]);
    expect(hold[0]!.amount).toBe(-100n);
  });

  it('refuses unbalanced postings and reports the account a posting would overdraw', () => {
    expect(() => checkPostings([{ account: buyer, bucket: 'available', amount: 5n }])).toThrow(
      UnbalancedError,
    );
    const short = checkPostings([
      { account: buyer, bucket: 'available', amount: -5n },
      { account: seller, bucket: 'available', amount: 5n },
    ]);
    expect(short).toBe(buyer);
  });
});
