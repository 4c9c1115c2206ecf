import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Accounts } from './ledger/balances.js';
import { checkPostings } from './ledger/ledger.js';
import { formatAmount, ledgerOne, parseAmount } from './money.js';
import { isWholePaise, PAISA, rupeeCharge, rupeeValue } from './paise.js';
import { gstIncluded } from './tax/gst.js';
import { tdsOn } from './tax/tds.js';
import { feeOn, notional, toPair } from './trading/pairs.js';
import { tradePostings } from './trading/trade-postings.js';

const units = (decimal: string) => parseAmount(decimal) as bigint;
const rupees = (u: bigint) => formatAmount(u);

const token = (id: string, shortName: string, decimals: number) => ({
  id,
  name: shortName,
  shortName,
  decimals,
  networks: [],
});
/** BTC/INR as listed: a tick of ₹1, a lot of 0.00001 BTC (one step is 0.001 paisa). */
const btcInr = toPair(
  {
    id: 'btcinr',
    tick_size: '1',
    lot_size: '0.00001',
    min_notional: '100',
    maker_fee: '0.001',
    taker_fee: '0.002',
    status: 'trading',
    symbol_origin: 'listed',
  },
  token('btc', 'BTC', 8),
  token('inr', 'INR', 2),
);

describe('rupeeValue (price × quantity)', () => {
  it('rounds down to the paisa', () => {
    expect(rupees(rupeeValue(units('4396.599')))).toBe('4396.59');
    expect(rupees(rupeeValue(units('22946.63301')))).toBe('22946.63');
    expect(rupees(rupeeValue(units('0.009')))).toBe('0');
    expect(rupees(rupeeValue(units('885')))).toBe('885');
  });

  it('is whole paise, never above the exact value and below it by under one paisa', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (exact) => {
        const value = rupeeValue(exact);
        expect(isWholePaise(value)).toBe(true);
        expect(value <= exact && exact - value < PAISA).toBe(true);
      }),
    );
  });

  it('of the parts never sums above the value of the whole: a hold covers its fills', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { maxLength: 20 }), (parts) => {
        const whole = parts.reduce((a, b) => a + b, 0n);
        expect(parts.reduce((sum, p) => sum + rupeeValue(p), 0n) <= rupeeValue(whole)).toBe(true);
      }),
    );
  });
});

describe('rupeeCharge (a fee or TDS on rupees)', () => {
  it('rounds up to the paisa', () => {
    // Walk-4's fill: ₹885 less a 0.1% fee (0.885 → 0.89), TDS 1% of 884.11 (8.8411 → 8.85).
    expect(rupees(rupeeCharge(units('885'), units('0.001')))).toBe('0.89');
    expect(rupees(rupeeCharge(units('884.11'), units('0.01')))).toBe('8.85');
    expect(rupees(rupeeCharge(units('100'), units('0.01')))).toBe('1');
    expect(rupees(rupeeCharge(0n, units('0.01')))).toBe('0');
  });

  it('is whole paise, never below the exact charge and above it by under one paisa', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: ledgerOne }),
        (amount, rate) => {
          const charge = rupeeCharge(amount, rate);
          const exact = amount * rate; // in units of 10^-36
          expect(isWholePaise(charge)).toBe(true);
          expect(charge * ledgerOne >= exact).toBe(true);
          expect(charge * ledgerOne - exact < PAISA * ledgerOne).toBe(true);
        },
      ),
    );
  });
});

describe('a fill on a rupee pair', () => {
  const fill = fc.record({
    ticks: fc.integer({ min: 1, max: 20_000_000 }),
    lots: fc.integer({ min: 1, max: 5_000_000 }),
    feeRate: fc.bigInt({ min: 0n, max: units('0.01') }),
    tdsRate: fc.constantFrom(0n, units('0.01'), units('0.2')),
  });

  it('buyer pays ≥ seller receives, each within a paisa of exact, all whole paise, balanced', () => {
    fc.assert(
      fc.property(fill, ({ ticks, lots, feeRate, tdsRate }) => {
        const exact = BigInt(ticks) * BigInt(lots) * btcInr.notionalUnit;
        const quote = notional(btcInr, ticks, lots);
        const sellerFee = feeOn(quote, feeRate, btcInr.rupeeQuote);
        const sellerTds = tdsOn(quote - sellerFee, tdsRate, true);
        const sellerGst = gstIncluded(sellerFee, units('0.18'), PAISA);
        const quantity = BigInt(lots) * btcInr.lotUnits;
        const accounts = new Accounts();
        const postings = tradePostings(
          {
            quantity,
            quote,
            buyerFee: 0n,
            sellerFee,
            buyerTds: 0n,
            sellerTds,
            buyerGst: 0n,
            sellerGst,
          },
          (party, leg) => {
            const id = leg === 'base' ? 'btc' : 'inr';
            if (party !== 'buyer' && party !== 'seller') return accounts.system(party, id);
            return accounts.user(party, id, 'spot');
          },
        );
        const buyerPays = -(
          postings.find((p) => p.account.id === 'u:buyer:inr:spot')?.amount ?? 0n
        );
        const sellerGets = postings.find((p) => p.account.id === 'u:seller:inr:spot')?.amount ?? 0n;
        expect(buyerPays).toBe(quote);
        expect(buyerPays >= sellerGets && sellerGets >= 0n).toBe(true);
        // The buyer pays, and the seller is credited before fee and TDS, the value rounded down.
        expect(exact - buyerPays >= 0n && exact - buyerPays < PAISA).toBe(true);
        expect(sellerGets).toBe(buyerPays - sellerFee - sellerTds);
        const rupeePostings = postings.filter((p) => p.account.tokenId === 'inr');
        expect(rupeePostings.every((p) => isWholePaise(p.amount))).toBe(true);
        expect(() => checkPostings(postings)).not.toThrow();
      }),
    );
  });
});
