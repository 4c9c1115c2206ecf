import { MARKET_BUY_HEADROOM_PERCENT, ORDER_MESSAGES, WALLET_MESSAGES } from '@exchange/contracts';
import { groupThousands } from '@/lib/amount';
import {
  compareDec,
  divDec,
  floorToStep,
  formatDec,
  isMultipleOf,
  mulDec,
  parseDec,
  toFixedDown,
  type Dec,
} from '@/lib/decimal';

export type Side = 'buy' | 'sell';
export type OrderKind = 'limit' | 'market';

/** What the form needs of a pair: its steps and minimum order (GET /symbols answers them). */
export interface PairRules {
  symbol: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
}

export interface OrderDraft {
  side: Side;
  kind: OrderKind;
  price: string;
  amount: string;
}

/** Spec section 2: the percentage buttons. */
export const PERCENTS = [25, 50, 75, 100] as const;

/**
 * A market buy holds its amount at the protection price (MARKET_PROTECTION_PERCENT past the best
 * ask), so the form prices it MARKET_BUY_HEADROOM_PERCENT of the last price: what it fills stays
 * within the balance even when the best ask sits a little above the last trade.
 */
const MARKET_BUY_HEADROOM: Dec = { units: BigInt(MARKET_BUY_HEADROOM_PERCENT), scale: 2 };

export const ORDER_FORM_MESSAGES = {
  ...ORDER_MESSAGES,
  priceNumber: 'Price must be a number',
  amountNumber: WALLET_MESSAGES.amountNumber,
  priceTick: (tick: string) => `Price must be a multiple of ${tick}`,
  amountLot: (lot: string) => `Amount must be a multiple of ${lot}`,
  minNotional: (min: string, quote: string) => `Order value must be at least ${min} ${quote}`,
  insufficient: (asset: string) => `Insufficient ${asset} balance`,
  noPrice: 'No market price yet',
  priceFirst: 'Enter a price first: the amount is sized at it',
  /** No answer (network down, timeout): the order may or may not have reached the exchange. */
  unconfirmed: 'The exchange did not answer. Check Open Orders before placing the order again.',
} as const;

const M = ORDER_FORM_MESSAGES;
const ZERO: Dec = { units: 0n, scale: 0 };
const dec = (s: string | undefined) => (s ? parseDec(s) : null);

/** The price an order is valued at: its limit price, or the last price for a market order. */
function valuationPrice(draft: OrderDraft, lastPrice: string | undefined): Dec | null {
  const price = dec(draft.kind === 'limit' ? draft.price : lastPrice);
  if (!price || price.units <= 0n) return null;
  return draft.kind === 'market' && draft.side === 'buy'
    ? mulDec(price, MARKET_BUY_HEADROOM)
    : price;
}

/**
 * Decision D20: buy = fraction × available quote ÷ price, sell = fraction × available base,
 * rounded DOWN to the lot size. Null when there is no price to divide by.
 */
export function percentAmount(
  percent: number,
  draft: OrderDraft,
  available: string,
  lastPrice: string | undefined,
  rules: PairRules,
): string | null {
  const balance = dec(available) ?? ZERO;
  const share = divDec(
    mulDec(balance, { units: BigInt(percent), scale: 0 }),
    { units: 100n, scale: 0 },
    18,
  );
  let amount = share;
  if (draft.side === 'buy') {
    const price = valuationPrice(draft, lastPrice);
    if (!price) return null;
    amount = divDec(share, price, 18);
  }
  const lot = dec(rules.lot_size);
  const rounded = lot ? floorToStep(amount, lot) : amount;
  return formatDec(rounded.units < 0n ? ZERO : rounded);
}

/** Spec section 2: the total is amount × price to 2 decimals in the quote coin. */
export function orderTotal(draft: OrderDraft, lastPrice: string | undefined): string {
  const amount = dec(draft.amount);
  const price = dec(draft.kind === 'limit' ? draft.price : lastPrice);
  if (!amount || !price || amount.units <= 0n || price.units <= 0n) return '0.00';
  return groupThousands(toFixedDown(mulDec(amount, price), 2));
}

/**
 * A field's text as the API takes it: ".5" → "0.5", "97000." → "97000" (the form accepts both,
 * the server only plain decimals).
 */
export const wireDecimal = (text: string) => {
  const value = dec(text.trim());
  return value ? formatDec(value) : text.trim();
};

export interface DraftErrors {
  price?: string;
  amount?: string;
  form?: string;
}

/**
 * Decision D10: price > 0 for a limit order, amount > 0, both on the pair's steps, the order at
 * least the pair's minimum, and within the available balance. The server decides in the end.
 */
export function validateDraft(
  draft: OrderDraft,
  available: string | undefined,
  lastPrice: string | undefined,
  rules: PairRules,
): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.kind === 'limit') {
    const price = dec(draft.price);
    if (draft.price.trim() === '') errors.price = M.priceRequired;
    else if (!price) errors.price = M.priceNumber;
    else if (price.units <= 0n) errors.price = M.pricePositive;
    else if (!isMultipleOf(price, dec(rules.tick_size) ?? ZERO))
      errors.price = M.priceTick(rules.tick_size);
  }
  const amount = dec(draft.amount);
  if (draft.amount.trim() !== '' && !amount) errors.amount = M.amountNumber;
  else if (!amount || amount.units <= 0n) errors.amount = M.amountPositive;
  else if (!isMultipleOf(amount, dec(rules.lot_size) ?? ZERO))
    errors.amount = M.amountLot(rules.lot_size);
  if (errors.price || errors.amount || !amount) return errors;

  const price = valuationPrice(draft, lastPrice);
  if (!price) return { form: M.noPrice };
  const plain = dec(draft.kind === 'limit' ? draft.price : lastPrice) ?? ZERO;
  const minimum = dec(rules.min_notional) ?? ZERO;
  if (compareDec(mulDec(amount, plain), minimum) < 0) {
    return { form: M.minNotional(rules.min_notional, rules.quote) };
  }
  if (available !== undefined) {
    const needed = draft.side === 'buy' ? mulDec(amount, price) : amount;
    if (compareDec(needed, dec(available) ?? ZERO) > 0) {
      return { form: M.insufficient(draft.side === 'buy' ? rules.quote : rules.base) };
    }
  }
  return errors;
}
