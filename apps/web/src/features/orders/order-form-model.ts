import { MARKET_BUY_HEADROOM_PERCENT, ORDER_MESSAGES, WALLET_MESSAGES } from '@exchange/contracts';
import { i18n } from '@/i18n/i18n';
import { formatCoinAmount } from '@/lib/format';
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
/** The form's order types: a stop-limit order, and an OCO (a limit order and a stop-limit order). */
export type OrderKind = 'limit' | 'market' | 'stop_limit' | 'oco';

/** What the form needs of a pair: its steps and minimum order (GET /symbols answers them). */
export interface PairRules {
  symbol: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  /** The taker fee rate, a fraction with GST included (the most an order pays); absent: no line. */
  taker_fee?: string;
}

export interface OrderDraft {
  side: Side;
  kind: OrderKind;
  /** The limit price (every kind but market; an OCO's limit order). */
  price: string;
  amount: string;
  /** A stop-limit order's or an OCO's stop price. */
  stop?: string;
  /** An OCO's stop-limit order's limit price. */
  stopLimit?: string;
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
  // With a value in them: in the language on screen when the form checks (the others are
  // translated where shown, by the `messages` catalog).
  priceTick: (tick: string) => i18n.t('orders:errors.priceTick', { tick }),
  amountLot: (lot: string) => i18n.t('orders:errors.amountLot', { lot }),
  minNotional: (min: string, quote: string) => i18n.t('orders:errors.minNotional', { min, quote }),
  insufficient: (asset: string) => i18n.t('orders:errors.insufficient', { asset }),
  noPrice: 'No market price yet',
  priceFirst: 'Enter a price first: the amount is sized at it',
  /** No answer (network down, timeout): the order may or may not have reached the exchange. */
  unconfirmed: 'The exchange did not answer. Check Open Orders before placing the order again.',
} as const;

const M = ORDER_FORM_MESSAGES;
const ZERO: Dec = { units: 0n, scale: 0 };
const dec = (s: string | undefined) => (s ? parseDec(s) : null);

/**
 * The price an order holds at: its limit price (an OCO buy: the larger of its two limit prices,
 * as the exchange holds once for the larger need), or the last price for a market order.
 */
function holdingPrice(draft: OrderDraft, lastPrice: string | undefined): Dec | null {
  if (draft.kind === 'market') return dec(lastPrice);
  const price = dec(draft.price);
  const stopLimit = draft.kind === 'oco' && draft.side === 'buy' ? dec(draft.stopLimit) : null;
  return price && stopLimit && compareDec(stopLimit, price) > 0 ? stopLimit : price;
}

/** The price an order is valued at: its limit price, or the last price for a market order. */
function valuationPrice(draft: OrderDraft, lastPrice: string | undefined): Dec | null {
  const price = holdingPrice(draft, lastPrice);
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

/**
 * Spec section 2: the total is amount × price to 2 decimals, shown in the quote coin (a rupee
 * pair's as ₹, W4-9).
 */
export function orderTotal(draft: OrderDraft, lastPrice: string | undefined, quote: string) {
  const amount = dec(draft.amount);
  const price = dec(draft.kind === 'market' ? lastPrice : draft.price);
  const valued = amount && price && amount.units > 0n && price.units > 0n;
  return formatCoinAmount(valued ? toFixedDown(mulDec(amount, price), 2) : '0.00', quote);
}

/**
 * The fee an order pays at most (the taker rate, GST included): a buy pays it in the base coin
 * on the amount, a sell in the quote coin on the total. null without a rate.
 */
export function orderFee(
  draft: OrderDraft,
  lastPrice: string | undefined,
  rules: PairRules,
): string | null {
  const rate = dec(rules.taker_fee);
  if (!rate) return null;
  const amount = dec(draft.amount);
  const price = dec(draft.kind === 'market' ? lastPrice : draft.price);
  if (draft.side === 'buy') {
    const fee = amount && amount.units > 0n ? formatDec(mulDec(amount, rate)) : '0';
    return formatCoinAmount(fee, rules.base);
  }
  const valued = amount && price && amount.units > 0n && price.units > 0n;
  const fee = valued ? mulDec(mulDec(amount, price), rate) : null;
  const shown = fee ? formatDec(parseDec(toFixedDown(fee, 8)) ?? fee) : '0';
  return formatCoinAmount(shown, rules.quote);
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
  stop?: string;
  stopLimit?: string;
  amount?: string;
  form?: string;
}

/** A price field's error: required, a number, positive, on the tick; undefined when fine. */
function priceError(text: string, tick: string, required: string, positive: string) {
  const price = dec(text);
  if (text.trim() === '') return required;
  if (!price) return M.priceNumber;
  if (price.units <= 0n) return positive;
  if (!isMultipleOf(price, dec(tick) ?? ZERO)) return M.priceTick(tick);
  return undefined;
}

/**
 * A stop must not be crossed by the last price already (a sell stop below it, a buy stop above),
 * and an OCO's limit price lies beyond its stop (a sell above it, a buy below).
 */
function stopError(draft: OrderDraft, lastPrice: string | undefined): string | undefined {
  const stop = dec(draft.stop);
  const last = dec(lastPrice);
  if (!stop) return undefined;
  const sell = draft.side === 'sell';
  if (last && (sell ? compareDec(last, stop) <= 0 : compareDec(last, stop) >= 0))
    return sell ? M.sellStopBelowLast : M.buyStopAboveLast;
  const price = dec(draft.price);
  if (
    draft.kind === 'oco' &&
    price &&
    (sell ? compareDec(price, stop) <= 0 : compareDec(price, stop) >= 0)
  )
    return sell ? M.ocoSellPrices : M.ocoBuyPrices;
  return undefined;
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
  const tick = rules.tick_size;
  const priceErr =
    draft.kind === 'market'
      ? undefined
      : priceError(draft.price, tick, M.priceRequired, M.pricePositive);
  const stop =
    draft.kind === 'stop_limit' || draft.kind === 'oco'
      ? (priceError(draft.stop ?? '', tick, M.stopPriceRequired, M.stopPricePositive) ??
        (priceErr ? undefined : stopError(draft, lastPrice)))
      : undefined;
  const stopLimit =
    draft.kind === 'oco'
      ? priceError(draft.stopLimit ?? '', tick, M.stopLimitPriceRequired, M.pricePositive)
      : undefined;
  // Only the fields in error: an empty object means the draft may be sent.
  const errors: DraftErrors = {
    ...(priceErr && { price: priceErr }),
    ...(stop && { stop }),
    ...(stopLimit && { stopLimit }),
  };
  const amount = dec(draft.amount);
  if (draft.amount.trim() !== '' && !amount) errors.amount = M.amountNumber;
  else if (!amount || amount.units <= 0n) errors.amount = M.amountPositive;
  else if (!isMultipleOf(amount, dec(rules.lot_size) ?? ZERO))
    errors.amount = M.amountLot(rules.lot_size);
  if (errors.price || errors.stop || errors.stopLimit || errors.amount || !amount) return errors;

  const price = valuationPrice(draft, lastPrice);
  if (!price) return { form: M.noPrice };
  const plain = dec(draft.kind === 'market' ? lastPrice : draft.price) ?? ZERO;
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

/**
 * Decision D20: what the form says once a percent button filled `amount` (null: it could not be
 * sized) into `next`: the amount fills even when it cannot be placed, and the form says why.
 */
export function percentErrors(
  next: OrderDraft,
  amount: string | null,
  available: string | undefined,
  lastPrice: string | undefined,
  rules: PairRules,
): DraftErrors {
  if (amount === null)
    return next.kind !== 'market' ? { price: M.priceFirst } : { form: M.noPrice };
  if (amount === '0')
    return { form: M.insufficient(next.side === 'buy' ? rules.quote : rules.base) };
  const found = validateDraft(next, available, lastPrice, rules);
  return found.form ? { form: found.form } : {};
}
