import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import {
  ORDER_FORM_MESSAGES as M,
  orderFee,
  orderTotal,
  percentAmount,
  percentErrors,
  validateDraft,
  wireDecimal,
  type OrderDraft,
  type PairRules,
} from './order-form-model';

const rules: PairRules = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tick_size: '0.01',
  lot_size: '0.00001',
  min_notional: '5',
};
const limitBuy: OrderDraft = { side: 'buy', kind: 'limit', price: '64000', amount: '' };

describe('percentAmount (D20)', () => {
  it('buys fraction × available quote ÷ price, rounded down to the lot', () => {
    expect(percentAmount(100, limitBuy, '1000', undefined, rules)).toBe('0.01562');
    expect(percentAmount(25, limitBuy, '1000', undefined, rules)).toBe('0.0039');
  });

  it('sells fraction × available base, rounded down to the lot', () => {
    const sell = { ...limitBuy, side: 'sell' as const };
    expect(percentAmount(50, sell, '0.123457', undefined, rules)).toBe('0.06172');
  });

  it('needs a price to size a buy', () => {
    expect(percentAmount(50, { ...limitBuy, price: '' }, '1000', undefined, rules)).toBeNull();
  });
});

describe('validateDraft (D10)', () => {
  it('asks for a positive price on the tick and a positive amount on the lot', () => {
    expect(validateDraft({ ...limitBuy, price: '' }, '1000', undefined, rules).price).toBe(
      M.priceRequired,
    );
    expect(validateDraft({ ...limitBuy, price: '0' }, '1000', undefined, rules).price).toBe(
      M.pricePositive,
    );
    for (const price of ['abc', '97,000.50', '1e5']) {
      expect(validateDraft({ ...limitBuy, price }, '1000', undefined, rules).price).toBe(
        M.priceNumber,
      );
    }
    expect(validateDraft({ ...limitBuy, amount: '0,5' }, '1000', undefined, rules).amount).toBe(
      M.amountNumber,
    );
    expect(validateDraft({ ...limitBuy, price: '1.001' }, '1000', undefined, rules).price).toBe(
      M.priceTick('0.01'),
    );
    expect(validateDraft({ ...limitBuy, amount: '0' }, '1000', undefined, rules).amount).toBe(
      M.amountPositive,
    );
    expect(
      validateDraft({ ...limitBuy, amount: '0.000001' }, '1000', undefined, rules).amount,
    ).toBe(M.amountLot('0.00001'));
  });

  it('refuses orders under the minimum or over the balance', () => {
    expect(validateDraft({ ...limitBuy, amount: '0.00001' }, '1000', undefined, rules).form).toBe(
      M.minNotional('5', 'USDT'),
    );
    expect(validateDraft({ ...limitBuy, amount: '0.1' }, '1000', undefined, rules).form).toBe(
      M.insufficient('USDT'),
    );
    expect(validateDraft({ ...limitBuy, amount: '0.01' }, '1000', undefined, rules)).toEqual({});
  });
});

describe('orderTotal', () => {
  it('is amount × price to 2 decimals, in the quote coin', () => {
    expect(orderTotal({ ...limitBuy, amount: '0.01562' }, undefined, 'USDT')).toBe('999.68 USDT');
    expect(orderTotal({ ...limitBuy, kind: 'market', amount: '2' }, '10.005', 'USDT')).toBe(
      '20.01 USDT',
    );
  });

  it('groups thousands and never shows a negative total', () => {
    expect(orderTotal({ ...limitBuy, amount: '0.5' }, undefined, 'USDT')).toBe('32,000.00 USDT');
    expect(orderTotal({ ...limitBuy, price: '-5', amount: '1' }, undefined, 'USDT')).toBe(
      '0.00 USDT',
    );
  });

  it('shows a rupee pair’s total as rupees, grouped in lakhs (W4-9)', () => {
    expect(orderTotal({ ...limitBuy, amount: '3' }, undefined, 'INR')).toBe('₹1,92,000.00');
    expect(orderTotal({ ...limitBuy, amount: '' }, undefined, 'INR')).toBe('₹0.00');
  });
});

describe('orderFee (fee incl. GST)', () => {
  const withFee = { ...rules, taker_fee: '0.001' };
  it('is the taker rate on the amount for a buy, on the total for a sell', () => {
    expect(orderFee({ ...limitBuy, amount: '0.5' }, undefined, withFee)).toBe('0.0005 BTC');
    const sell: OrderDraft = { ...limitBuy, side: 'sell', amount: '0.5' };
    expect(orderFee(sell, undefined, withFee)).toBe('32 USDT');
    expect(orderFee({ ...sell, amount: '' }, undefined, withFee)).toBe('0 USDT');
  });

  it('shows no line without a rate', () => {
    expect(orderFee({ ...limitBuy, amount: '1' }, undefined, rules)).toBeNull();
  });
});

describe('wireDecimal', () => {
  it('sends what the form accepts as the plain decimal the server takes', () => {
    expect(wireDecimal('.001')).toBe('0.001');
    expect(wireDecimal(' 97000. ')).toBe('97000');
    expect(wireDecimal('0.00100')).toBe('0.001');
  });
});

describe('validateDraft for stop-limit and OCO orders', () => {
  const stopSell: OrderDraft = {
    side: 'sell',
    kind: 'stop_limit',
    price: '59000',
    stop: '60000',
    amount: '0.1',
  };

  it('asks for the stop price, on the tick, and not already crossed by the last price', () => {
    expect(validateDraft({ ...stopSell, stop: '' }, '1', '64000', rules)).toEqual({
      stop: M.stopPriceRequired,
    });
    expect(validateDraft({ ...stopSell, stop: '0' }, '1', '64000', rules).stop).toBe(
      M.stopPricePositive,
    );
    expect(validateDraft({ ...stopSell, stop: '60000.001' }, '1', '64000', rules).stop).toBe(
      M.priceTick('0.01'),
    );
    expect(validateDraft(stopSell, '1', '59999', rules).stop).toBe(M.sellStopBelowLast);
    const stopBuy = { ...stopSell, side: 'buy' as const };
    expect(validateDraft(stopBuy, '100000', '64000', rules).stop).toBe(M.buyStopAboveLast);
    expect(validateDraft(stopSell, '1', '64000', rules)).toEqual({});
  });

  it("checks an OCO's stop-limit price and that its limit price lies beyond the stop", () => {
    const oco: OrderDraft = { ...stopSell, kind: 'oco', price: '70000', stopLimit: '59900' };
    expect(validateDraft(oco, '1', '64000', rules)).toEqual({});
    expect(validateDraft({ ...oco, stopLimit: '' }, '1', '64000', rules)).toEqual({
      stopLimit: M.stopLimitPriceRequired,
    });
    expect(validateDraft({ ...oco, price: '59000' }, '1', '64000', rules).stop).toBe(
      M.ocoSellPrices,
    );
  });

  it('sizes an OCO buy at the larger of its two limit prices, as the exchange holds', () => {
    const ocoBuy: OrderDraft = {
      side: 'buy',
      kind: 'oco',
      price: '60000',
      stop: '70000',
      stopLimit: '80000',
      amount: '',
    };
    expect(percentAmount(100, ocoBuy, '800', '64000', rules)).toBe('0.01');
    expect(validateDraft({ ...ocoBuy, amount: '0.01' }, '799', '64000', rules)).toEqual({
      form: M.insufficient('USDT'),
    });
  });
});

describe('the messages with a value in them', () => {
  it('are in the language on screen when the form checks', async () => {
    const draft: OrderDraft = { side: 'buy', kind: 'limit', price: '100.001', amount: '1' };
    expect(validateDraft(draft, '1000', '100', rules).price).toBe(
      'Price must be a multiple of 0.01',
    );
    try {
      await setLanguage('hi', { remember: false });
      expect(validateDraft(draft, '1000', '100', rules).price).toBe('भाव 0.01 के गुणक में होना चाहिए');
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});

describe('percentErrors (D20)', () => {
  it('asks for a price first, or says there is none to size a market order at', () => {
    expect(percentErrors(limitBuy, null, '1000', undefined, rules)).toEqual({
      price: M.priceFirst,
    });
    const market = { ...limitBuy, kind: 'market' as const };
    expect(percentErrors(market, null, '1000', undefined, rules)).toEqual({ form: M.noPrice });
  });

  it('fills a zero amount and says what is missing: the coin the order spends', () => {
    const sell = { ...limitBuy, side: 'sell' as const, amount: '0' };
    expect(percentErrors(sell, '0', '0', undefined, rules)).toEqual({
      form: M.insufficient('BTC'),
    });
  });

  it("keeps only the form's own refusal of a sized amount, not the fields'", () => {
    const small = { ...limitBuy, amount: '0.00001' };
    const refused = validateDraft(small, '1000', undefined, rules);
    expect(percentErrors(small, '0.00001', '1000', undefined, rules)).toEqual(
      refused.form ? { form: refused.form } : {},
    );
    const fine = { ...limitBuy, amount: '0.01' };
    expect(percentErrors(fine, '0.01', '1000', undefined, rules)).toEqual({});
  });
});
