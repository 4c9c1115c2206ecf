import type { Account } from '../ledger/balances.js';
import type { Posting } from '../ledger/ledger.js';

/** Whose account a fill's posting moves: the two sides' spot wallets, or a system account. */
export type TradeParty = 'buyer' | 'seller' | 'fees' | 'tds' | 'gst';
/** Which coin of the pair. */
export type TradeLeg = 'base' | 'quote';

/** What one fill moves, in ledger units. */
export interface FillAmounts {
  /** The base coin traded: the seller's hold, which the buyer receives. */
  quantity: bigint;
  /** Its value in the quote coin: the buyer's hold, which the seller receives. */
  quote: bigint;
  /** In the base coin, out of what the buyer receives. */
  buyerFee: bigint;
  /** In the quote coin, out of what the seller receives. */
  sellerFee: bigint;
  /** TDS (section 194S) in the base coin, out of what the buyer receives after the fee. */
  buyerTds: bigint;
  /** TDS in the quote coin, out of what the seller receives after the fee. */
  sellerTds: bigint;
  /** The GST included in the buyer's fee (`core/tax/gst.ts`): the fee's rest is the exchange's. */
  buyerGst: bigint;
  /** The GST included in the seller's fee. */
  sellerGst: bigint;
}

/**
 * The ledger transaction of one fill: the buyer's held quote goes to the seller and the seller's
 * held base to the buyer, each less its fee and its TDS (to `tds`, posted only when there is some,
 * so a fill without TDS opens no `tds` account). A fee is split: the GST it includes goes to
 * `gst` (payable to the government; posted only when there is some), the taxable value to `fees`.
 * It sums to zero per coin.
 * `account` names each party's account of a leg; it is asked only for the postings made.
 */
export function tradePostings(
  amounts: FillAmounts,
  account: (party: TradeParty, leg: TradeLeg) => Account,
): Posting[] {
  const { quantity, quote, buyerFee, sellerFee, buyerTds, sellerTds, buyerGst, sellerGst } =
    amounts;
  const postings: Posting[] = [
    { account: account('buyer', 'quote'), bucket: 'locked', amount: -quote },
    {
      account: account('seller', 'quote'),
      bucket: 'available',
      amount: quote - sellerFee - sellerTds,
    },
    { account: account('fees', 'quote'), bucket: 'available', amount: sellerFee - sellerGst },
    { account: account('seller', 'base'), bucket: 'locked', amount: -quantity },
    {
      account: account('buyer', 'base'),
      bucket: 'available',
      amount: quantity - buyerFee - buyerTds,
    },
    { account: account('fees', 'base'), bucket: 'available', amount: buyerFee - buyerGst },
  ];
  if (sellerTds > 0n)
    postings.push({ account: account('tds', 'quote'), bucket: 'available', amount: sellerTds });
  if (buyerTds > 0n)
    postings.push({ account: account('tds', 'base'), bucket: 'available', amount: buyerTds });
  if (sellerGst > 0n)
    postings.push({ account: account('gst', 'quote'), bucket: 'available', amount: sellerGst });
  if (buyerGst > 0n)
    postings.push({ account: account('gst', 'base'), bucket: 'available', amount: buyerGst });
  return postings;
}
