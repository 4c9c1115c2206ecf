import { describe, expect, it } from 'vitest';
import { Accounts } from '../ledger/balances.js';
import { checkPostings, type Posting } from '../ledger/ledger.js';
import { ledgerOne } from '../money.js';
import { gstIncluded, splitGst } from '../tax/gst.js';
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
    if (party !== 'buyer' && party !== 'seller') return accounts.system(party, token);
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
      buyerGst: 0n,
      sellerGst: 0n,
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
      buyerGst: 0n,
      sellerGst: 0n,
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
      buyerGst: 0n,
      sellerGst: 0n,
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

  const rate = 18n * 10n ** 16n;

  it.each([
    ['an intra-state user', true],
    ['an inter-state user', false],
  ])("splits both sides' fees into taxable value and GST for %s, summing exactly", (_, intra) => {
    const buyerFee = 1_000_003n;
    const sellerFee = 95_000_001_999n;
    const buyerGst = gstIncluded(buyerFee, rate);
    const sellerGst = gstIncluded(sellerFee, rate);
    const { postings, raw } = fill({
      quantity: 1_000_000_000n,
      quote: 95_000_000_000_000n,
      buyerFee,
      sellerFee,
      buyerTds: 0n,
      sellerTds: 0n,
      buyerGst,
      sellerGst,
    });
    expect(postings).toContainEqual(['s:fees:btc', 'available', buyerFee - buyerGst]);
    expect(postings).toContainEqual(['s:gst:btc', 'available', buyerGst]);
    expect(postings).toContainEqual(['s:fees:usdt', 'available', sellerFee - sellerGst]);
    expect(postings).toContainEqual(['s:gst:usdt', 'available', sellerGst]);
    expect(sums(raw)).toEqual({ usdt: 0n, btc: 0n });
    for (const [fee, gst] of [
      [buyerFee, buyerGst],
      [sellerFee, sellerGst],
    ] as const) {
      const split = splitGst(fee, gst, intra);
      // Fee = taxable + CGST + SGST + IGST to the unit; the taxable value is fee / 1.18 rounded down.
      expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(fee);
      expect(split.taxable).toBe((fee * ledgerOne) / (ledgerOne + rate));
      if (intra) expect(split.cgst - split.sgst).toBe(gst % 2n);
      else expect(split.igst).toBe(gst);
    }
  });

  it('opens no gst account for a fee too small to carry any', () => {
    const { asked } = fill({
      quantity: 5n,
      quote: 500n,
      buyerFee: 0n,
      sellerFee: 0n,
      buyerTds: 0n,
      sellerTds: 0n,
      buyerGst: gstIncluded(0n, rate),
      sellerGst: 0n,
    });
    expect(asked.some((a) => a.startsWith('gst'))).toBe(false);
  });
});
