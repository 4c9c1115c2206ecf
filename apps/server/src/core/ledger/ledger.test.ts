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

  it('sums each account and bucket over all of a step’s postings before judging it', () => {
    const wallet = accounts.user('u3', 'usdt', 'spot');
    wallet.available = 3n;
    const other = accounts.user('u4', 'usdt', 'spot');
    // -5 alone would overdraw 3; with the +4 that comes later in the same step it leaves 2.
    const step = [
      { account: wallet, bucket: 'available' as const, amount: -5n },
      { account: other, bucket: 'available' as const, amount: 1n },
      { account: wallet, bucket: 'available' as const, amount: 4n },
    ];
    expect(checkPostings(step)).toBeNull();
    // Locked is judged on its own: moving 3 out of available into locked and back leaves both ≥ 0.
    expect(
      checkPostings([
        { account: wallet, bucket: 'available', amount: -3n },
        { account: wallet, bucket: 'locked', amount: 3n },
        { account: wallet, bucket: 'locked', amount: -4n },
        { account: wallet, bucket: 'available', amount: 4n },
      ]),
    ).toBe(wallet);
  });

  it('balances each token apart and names the one that does not sum to zero', () => {
    const btcBuyer = accounts.user('u1', 'btc', 'spot');
    const btcSeller = accounts.user('u2', 'btc', 'spot');
    btcSeller.available = 10n;
    expect(() =>
      checkPostings([
        { account: btcSeller, bucket: 'available', amount: -2n },
        { account: buyer, bucket: 'available', amount: 0n },
        { account: btcBuyer, bucket: 'available', amount: 1n },
      ]),
    ).toThrow('postings for token btc sum to -1');
  });

  it('lets only the deposits account go below zero, and reports the first account short', () => {
    const deposits = accounts.system('deposits', 'usdt');
    const credit = [
      { account: deposits, bucket: 'available' as const, amount: -7n },
      { account: seller, bucket: 'available' as const, amount: 7n },
    ];
    expect(checkPostings(credit)).toBeNull();
    const poorA = accounts.user('u5', 'usdt', 'spot');
    const poorB = accounts.user('u6', 'usdt', 'spot');
    expect(
      checkPostings([
        { account: fees, bucket: 'available', amount: 2n },
        { account: poorB, bucket: 'available', amount: -1n },
        { account: poorA, bucket: 'available', amount: -1n },
      ]),
    ).toBe(poorB);
  });

  it('finds a user’s account again, and the loaded one after a load', () => {
    const fresh = new Accounts();
    const first = fresh.user('u7', 'usdt', 'spot');
    expect(fresh.user('u7', 'usdt', 'spot')).toBe(first);
    expect(fresh.user('u7', 'usdt', 'funding')).not.toBe(first);
    expect(fresh.find(first.id)).toBe(first);
    const loaded = { ...first, available: 42n, stored: true };
    fresh.load([loaded]);
    expect(fresh.user('u7', 'usdt', 'spot')).toBe(loaded);
  });
});
