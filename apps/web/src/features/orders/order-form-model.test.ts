import { describe, expect, it } from 'vitest';
import {
  ORDER_FORM_MESSAGES as M,
  orderTotal,
  percentAmount,
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
  it('is amount × price to 2 decimals', () => {
    expect(orderTotal({ ...limitBuy, amount: '0.01562' }, undefined)).toBe('999.68');
    expect(orderTotal({ ...limitBuy, kind: 'market', amount: '2' }, '10.005')).toBe('20.01');
  });

  it('groups thousands and never shows a negative total', () => {
    expect(orderTotal({ ...limitBuy, amount: '0.5' }, undefined)).toBe('32,000.00');
    expect(orderTotal({ ...limitBuy, price: '-5', amount: '1' }, undefined)).toBe('0.00');
  });
});

describe('wireDecimal', () => {
  it('sends what the form accepts as the plain decimal the server takes', () => {
    expect(wireDecimal('.001')).toBe('0.001');
    expect(wireDecimal(' 97000. ')).toBe('97000');
    expect(wireDecimal('0.00100')).toBe('0.001');
  });
});
