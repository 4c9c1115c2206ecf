import { describe, expect, it } from 'vitest';
import { Accounts } from '../ledger/balances.js';
import { checkPostings, type Posting } from '../ledger/ledger.js';
import {
  tradePostings,
  type FillAmounts,
  type TradeLeg,
  type TradeParty,
} from './trade-postings.js';

function fill(amounts: FillAmounts) {
  const accounts = new Accounts();
  const asked: string[] = [];
  const postings = tradePostings(amounts, (party: TradeParty, leg: TradeLeg) => {
    asked.push(`${party}:${leg}`);
    const token = leg === 'base' ? 'btc' : 'usdt';
    if (party === 'fees' || party === 'tds') return accounts.system(party, token);
    return accounts.user(party, token, 'spot');
  });
  const moved = (p: Posting) => [p.account.id, p.bucket, p.amount];
  return { postings: postings.map(moved), raw: postings, asked };
}

/** Sums per token, as the ledger checks them. */
function sums(postings: Posting[]) {
  const total = new Map<string, bigint>();
  for (const p of postings)
    total.set(p.account.tokenId, (total.get(p.account.tokenId) ?? 0n) + p.amount);
  return Object.fromEntries(total);
}

describe('tradePostings', () => {
  it('moves each hold to the other side, less its fee and TDS, into fees and tds', () => {
    const { postings, raw } = fill({
      quantity: 2_000n,
      quote: 190_000n,
      buyerFee: 2n,
      sellerFee: 190n,
      buyerTds: 19n,
      sellerTds: 1_898n,
    });
    expect(postings).toEqual([
      ['u:buyer:usdt:spot', 'locked', -190_000n],
      ['u:seller:usdt:spot', 'available', 190_000n - 190n - 1_898n],
      ['s:fees:usdt', 'available', 190n],
      ['u:seller:btc:spot', 'locked', -2_000n],
      ['u:buyer:btc:spot', 'available', 2_000n - 2n - 19n],
      ['s:fees:btc', 'available', 2n],
      ['s:tds:usdt', 'available', 1_898n],
      ['s:tds:btc', 'available', 19n],
    ]);
    expect(sums(raw)).toEqual({ usdt: 0n, btc: 0n });
  });

  it('posts no TDS and asks for no tds account when there is none', () => {
    const { postings, raw, asked } = fill({
      quantity: 5n,
      quote: 500n,
      buyerFee: 0n,
      sellerFee: 1n,
      buyerTds: 0n,
      sellerTds: 0n,
    });
    expect(postings).toHaveLength(6);
    expect(asked.some((a) => a.startsWith('tds'))).toBe(false);
    expect(sums(raw)).toEqual({ usdt: 0n, btc: 0n });
  });

  it('passes the ledger check when the holds cover the fill', () => {
    const { raw } = fill({
      quantity: 10n,
      quote: 1_000n,
      buyerFee: 1n,
      sellerFee: 1n,
      buyerTds: 1n,
      sellerTds: 10n,
    });
    const buyerHold = raw[0]!.account;
    const sellerHold = raw[3]!.account;
    // Nothing held yet: the buyer's and seller's locked balances would go below zero.
    expect(checkPostings(raw)).toBe(buyerHold);
    buyerHold.locked = 1_000n;
    expect(checkPostings(raw)).toBe(sellerHold);
    sellerHold.locked = 10n;
    expect(checkPostings(raw)).toBeNull();
  });
});
